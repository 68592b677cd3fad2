import type { FastifyInstance } from 'fastify';
import { MEMBER_SEARCH_MAX_LENGTH, type MemberDetail, type MemberPage, type MemberRolePayload, type MemberSearch, type MemberSuspensionPayload } from '../../../shared/members';
import { ROLES } from '../../../shared/permissions';
import { AppError } from '../../platform/http/errors';
import { requireMember } from '../../platform/http/route-groups';
import { boolean, dateTime, integer, listOf, nullable, object, oneOf, shape, string, text } from '../../platform/http/schema';
import { change } from '../../platform/live/change';
import { deleteMember, setMemberRole, setMemberSuspension } from './actions';
import { findMemberDetail } from './detail';
import { searchMembers } from './search';
import { factorsResetMail, resetSignInFactors, sendAccountDeletedMail } from '../accounts/index';

const yesNo = oneOf(['yes', 'no']);
const searchQuery = object(
  {
    q: string({ maxLength: MEMBER_SEARCH_MAX_LENGTH }),
    type: oneOf(['user', 'organisation']),
    verified: yesNo,
    subscribed: yesNo,
    role: oneOf(ROLES),
    suspended: yesNo,
    after: { ...string({ maxLength: 200 }), pattern: '^[A-Za-z0-9_-]+$' },
  },
  [],
);
const params = object({ id: string({ maxLength: 36, format: 'uuid' }) });

/** `MemberListItem`'s properties, which `MemberDetail` extends. */
const listItem = {
  uuid: text,
  email: text,
  username: text,
  firstname: text,
  lastname: text,
  accountType: oneOf(['user', 'organisation']),
  roles: listOf(text),
  createdAt: dateTime,
  emailVerified: boolean,
  newsletter: boolean,
  suspended: boolean,
};
const page = shape({ members: listOf(shape(listItem)), next: nullable(text) });
const detailSchema = {
  200: shape({
    ...listItem,
    bio: text,
    profilePic: text,
    lastSeenAt: dateTime,
    emailVerifiedAt: nullable(dateTime),
    emailUndeliverable: boolean,
    suspendedAt: nullable(dateTime),
    word: nullable(shape({ content: text, public: boolean, vip: boolean })),
    reactions: integer,
    sessions: integer,
    pastTrips: integer,
    twoFactorEnabled: boolean,
    passkeys: integer,
  }),
};

/** /admin/members: find a member, see their account, change roles, suspend, delete. */
export function memberAdminRoutes(app: FastifyInstance) {
  const { db } = app.database;

  async function detail(id: string): Promise<MemberDetail> {
    const member = await findMemberDetail(db, id);
    if (!member) throw new AppError(404, 'members/not-found');
    return member;
  }

  app.get<{ Querystring: MemberSearch }>('/api/admin/members', { schema: { querystring: searchQuery, response: { 200: page } } }, async (request, reply): Promise<MemberPage> => {
    reply.header('cache-control', 'no-store');
    return searchMembers(db, request.query);
  });

  app.get<{ Params: { id: string } }>('/api/admin/members/:id', { schema: { params, response: detailSchema } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return detail(request.params.id);
  });

  app.post<{ Params: { id: string }; Body: MemberRolePayload }>(
    '/api/admin/members/:id/roles',
    { schema: { params, body: object({ role: oneOf(ROLES), granted: boolean }), response: detailSchema }, config: { recentAuthentication: 'recent' } },
    async (request) => {
      await setMemberRole(db, requireMember(request).id, request.params.id, request.body.role, request.body.granted);
      return detail(request.params.id);
    },
  );

  app.post<{ Params: { id: string }; Body: MemberSuspensionPayload }>(
    '/api/admin/members/:id/suspension',
    { schema: { params, body: object({ suspended: boolean }), response: detailSchema }, config: { recentAuthentication: 'recent' } },
    async (request) => {
      await change(app, (suspension) => setMemberSuspension(suspension, requireMember(request).id, request.params.id, request.body.suspended));
      return detail(request.params.id);
    },
  );

  // The member lost their phone and their recovery codes: the password alone signs in again.
  app.post<{ Params: { id: string } }>(
    '/api/admin/members/:id/two-factor/reset',
    // Another's factors, as one's own: a factor given within 10 minutes, not the password alone.
    { schema: { params, body: object({}), response: detailSchema }, config: { recentAuthentication: 'factor' } },
    async (request) => {
      const actorId = requireMember(request).id;
      // Their own is theirs to change, on /account, with their factors at hand.
      if (actorId === request.params.id) throw new AppError(409, 'members/not-yourself');
      const target = await resetSignInFactors(db, { targetId: request.params.id, actorId, by: 'admin' });
      if (!target) throw new AppError(404, 'members/not-found');
      await app.mailer.send({ to: target.email, ...factorsResetMail(app.config.public, target, 'admin') });
      return detail(request.params.id);
    },
  );

  app.delete<{ Params: { id: string } }>('/api/admin/members/:id', { schema: { params }, config: { recentAuthentication: 'recent' } }, async (request, reply) => {
    const deleted = await change(app, (deletion) => deleteMember(deletion, requireMember(request).id, request.params.id));
    await sendAccountDeletedMail(app, request.log, deleted, 'admin');
    return reply.code(204).send();
  });
}
