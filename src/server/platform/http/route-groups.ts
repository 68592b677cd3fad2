import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { hasPermission, type Permission } from '../../../shared/permissions';
import { AppError } from './errors';
import { requireRecentAuthentication, type RecentAuthentication } from './recent-authentication';

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
  /** What a sensitive act asks of the session (recent-authentication.ts), as the route declared it. */
  recentAuthentication?: RecentAuthentication;
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
        const recentAuthentication = route.config?.recentAuthentication;
        for (const method of [route.method].flat()) {
          if (method !== 'HEAD') table.push({ method, url: route.url, group: name, schema: route.schema, recentAuthentication });
        }
        // Checked after the group's guard and before anything of the route's own (even body
        // validation), from the same declaration the table lists.
        if (recentAuthentication) {
          const check = async (request: FastifyRequest) => {
            requireMember(request);
            requireRecentAuthentication(request, recentAuthentication);
          };
          route.onRequest = [check, ...[route.onRequest ?? []].flat()];
        }
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
 * Whether this session passed the account's second factor: the account has one, and the
 * session passed one since it was turned on (decision 0046). A session opened on the password
 * alone stays one when its account enrols later (enrolling ends the others anyway).
 */
export function sessionPassedSecondFactor(request: FastifyRequest) {
  const since = request.user?.two_factor_since;
  return since != null && request.secondFactorAt !== undefined && request.secondFactorAt >= since;
}

/**
 * A staff permission. Unless the operator relaxed it (STAFF_TWO_FACTOR=optional), a staff
 * session that did not pass a second factor gets nothing of it: a stolen password alone must
 * not reach member data or the newsletter. Their own account (the member group) stays open,
 * to add one.
 */
export function requirePermission(request: FastifyRequest, permission: Permission) {
  const user = requireMember(request);
  if (!hasPermission(user.roles, permission)) throw new AppError(403, 'http/forbidden');
  if (request.server.config.staffTwoFactor === 'required' && !sessionPassedSecondFactor(request)) throw new AppError(403, 'auth/second-factor-required');
  return user;
}
