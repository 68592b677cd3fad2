import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

type Register = (scope: FastifyInstance) => void | Promise<void>;

/**
 * A feature's routes, grouped by who may call them. The member and admin groups are
 * registered behind a guard that runs before anything else of the route (even body
 * validation), so no endpoint can be left open by forgetting a check in its handler.
 */
export interface FeatureRoutes {
  public?: Register;
  member?: Register;
  admin?: Register;
}

export type RouteGroup = 'public' | 'member' | 'admin';

/** Every feature route with its group: the authorisation test suite is generated from it. */
export interface RouteEntry {
  method: string;
  url: string;
  group: RouteGroup;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

export async function registerFeatureRoutes(app: FastifyInstance, features: FeatureRoutes[]) {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  const group = (name: RouteGroup, guard?: (request: FastifyRequest) => unknown) =>
    app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url, group: name });
      });
      if (guard) scope.addHook('onRequest', async (request) => void guard(request));
      for (const feature of features) await feature[name]?.(scope);
    });
  await group('public');
  await group('member', requireMember);
  await group('admin', (request) => requireRole(request, 'admin'));
}

export function requireMember(request: FastifyRequest) {
  if (!request.user) throw new AppError(401, 'http/unauthorized');
  return request.user;
}

export function requireRole(request: FastifyRequest, role: string) {
  const user = requireMember(request);
  if (!user.roles.includes(role)) throw new AppError(403, 'http/forbidden');
  return user;
}
