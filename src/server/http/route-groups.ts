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

export async function registerFeatureRoutes(app: FastifyInstance, features: FeatureRoutes[]) {
  await app.register(async (scope) => {
    for (const feature of features) await feature.public?.(scope);
  });
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => void requireMember(request));
    for (const feature of features) await feature.member?.(scope);
  });
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => void requireRole(request, 'admin'));
    for (const feature of features) await feature.admin?.(scope);
  });
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
