import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { hasPermission, type Permission } from '../../../shared/permissions';
import { AppError } from './errors';

type Register = (scope: FastifyInstance) => void | Promise<void>;

/**
 * The routes of a capability (or of the platform), grouped by who may call them. The member, moderation and admin groups
 * are registered behind a guard that runs before anything else of the route (even body
 * validation), so no endpoint can be left open by forgetting a check in its handler.
 */
export interface RouteGroups {
  public?: Register;
  member?: Register;
  /** Needs the `moderate` permission (admins and moderators; shared/permissions.ts). */
  moderation?: Register;
  /** Needs the `edit-texts` permission (admins and editors). */
  texts?: Register;
  /** Needs the `administer` permission (admins). */
  admin?: Register;
}

type RouteGroup = 'public' | 'member' | 'moderation' | 'texts' | 'admin';

/** The permission each guarded staff group asks for: the one place the server decides. */
const GROUP_PERMISSIONS: Readonly<Record<'moderation' | 'texts' | 'admin', Permission>> = {
  moderation: 'moderate',
  texts: 'edit-texts',
  admin: 'administer',
};

/** Every route of the groups with its group: the authorisation test suite is generated from it. */
export interface RouteEntry {
  method: string;
  url: string;
  group: RouteGroup;
  /** What the route declared it accepts: the fuzzer reads its params and query names here. */
  schema?: FastifySchema;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

export async function registerRouteGroups(app: FastifyInstance, owners: RouteGroups[]) {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  const group = (name: RouteGroup, guard?: (request: FastifyRequest) => unknown) =>
    app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url, group: name, schema: route.schema });
      });
      if (guard) scope.addHook('onRequest', async (request) => void guard(request));
      for (const owner of owners) await owner[name]?.(scope);
    });
  await group('public');
  await group('member', requireMember);
  await group('moderation', (request) => requirePermission(request, GROUP_PERMISSIONS.moderation));
  await group('texts', (request) => requirePermission(request, GROUP_PERMISSIONS.texts));
  await group('admin', (request) => requirePermission(request, GROUP_PERMISSIONS.admin));
}

export function requireMember(request: FastifyRequest) {
  if (!request.user) throw new AppError(401, 'http/unauthorized');
  return request.user;
}

/**
 * A staff permission. Unless the operator relaxed it (STAFF_TWO_FACTOR=optional), staff without
 * a second factor get nothing of it: a stolen password alone must not reach member data or the
 * newsletter. Their own account (the member group) stays open, to add one.
 */
export function requirePermission(request: FastifyRequest, permission: Permission) {
  const user = requireMember(request);
  if (!hasPermission(user.roles, permission)) throw new AppError(403, 'http/forbidden');
  if (request.server.config.staffTwoFactor === 'required' && user.two_factor_since === null) throw new AppError(403, 'auth/second-factor-required');
  return user;
}
