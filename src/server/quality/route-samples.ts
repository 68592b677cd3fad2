import type { RouteEntry } from '../http/route-groups';

export const SAMPLE_UUID = '00000000-0000-4000-8000-000000000000';

/** A concrete URL for a route pattern: params get harmless values that name nothing. */
export function sampleUrl(route: RouteEntry): string {
  return route.url
    .replace(/:(id|userId|uuid)\b/g, SAMPLE_UUID)
    .replace(/:email\b/g, 'personne%40exemple.fr')
    .replace(/:[a-zA-Z]+/g, 'exemple');
}

export const isWrite = (route: RouteEntry) => !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
