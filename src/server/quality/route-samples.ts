import type { RouteEntry } from '../platform/http/route-groups';

/** What a sample needs of a route: routes outside the groups (health, live) have samples too. */
type Route = Pick<RouteEntry, 'method' | 'url'>;

export const SAMPLE_UUID = '00000000-0000-4000-8000-000000000000';

interface Sample {
  params?: Record<string, string>;
  query?: Record<string, string>;
}

/**
 * Values that get a route past its validation to its handler's answer, where the generic ones
 * would not: a survey that exists, a query a route requires. They still name no one.
 */
const REACHING: Readonly<Record<string, Sample>> = {
  'GET /api/admin/surveys/:id/texts': {
    params: { id: 'pre-use' },
    query: { question: 'expectations', list: 'answers', after: `2026-01-01_${SAMPLE_UUID}` },
  },
  'GET /api/admin/surveys/:id/export.csv': { params: { id: 'pre-use' } },
  'GET /api/admin/past-trips': { query: { email: 'personne@exemple.fr' } },
  'GET /api/sports/check': { query: { name: 'Escalade' } },
  'GET /api/newsletter/one-click': { query: { token: 'exemple' } },
  'GET /api/admin/texts/:id': { params: { id: 'privacy-policy' } },
  'GET /api/admin/texts/:id/versions': { params: { id: 'privacy-policy' } },
  'GET /api/admin/texts/:id/versions/:version': { params: { id: 'privacy-policy', version: '1' } },
  'GET /api/texts/:id': { params: { id: 'privacy-policy' } },
  'GET /legal/:file': { params: { file: 'frais-de-service.pdf' } },
};

/** The params of a route pattern, in order: `/api/admin/members/:id/roles` has `id`. */
export const paramNames = (route: Route): string[] => [...route.url.matchAll(/:([a-zA-Z]+)/g)].map((match) => match[1]);

/** A harmless value for each param of the route, and the query it needs, if any. */
export function sampleOf(route: Route): Required<Sample> {
  const reaching = REACHING[`${route.method} ${route.url}`];
  const generic = (name: string) => (['id', 'userId', 'uuid'].includes(name) ? SAMPLE_UUID : name === 'email' ? 'personne@exemple.fr' : 'exemple');
  const params = Object.fromEntries(paramNames(route).map((name) => [name, reaching?.params?.[name] ?? generic(name)]));
  return { params, query: reaching?.query ?? {} };
}

/** The URL of a route with these params and query, each value written by `encode`. */
export function urlOf(route: Route, { params, query }: Required<Sample>, encode: (value: string) => string = encodeURIComponent): string {
  const path = route.url.replace(/:([a-zA-Z]+)/g, (_match, name: string) => encode(params[name]));
  const search = Object.entries(query)
    .map(([key, value]) => `${encode(key)}=${encode(value)}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}

/** A concrete URL for a route pattern: params get harmless values that name nothing. */
export const sampleUrl = (route: Route): string => urlOf(route, sampleOf(route));

export const isWrite = (route: Route) => !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
