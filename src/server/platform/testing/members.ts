import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { DatabaseHandle } from '../db/connection';
import { proofOfWork } from './proof-of-work';

export const STRONG_PASSWORD = 'Sport-Ensemble-2025!';

export interface TestMember {
  uuid: string;
  email: string;
  username: string;
  password: string;
  /** `cookie` header value of a signed-in session. */
  cookie: string;
}

export function sessionCookie(response: LightMyRequestResponse): string {
  // Named `__Host-unissons_session` when PUBLIC_URL is https.
  const cookie = response.cookies.find((entry) => /^(__Host-)?unissons_session$/.test(entry.name));
  if (!cookie) throw new Error(`no session cookie (status ${response.statusCode}: ${response.body})`);
  return `${cookie.name}=${cookie.value}`;
}

export async function login(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  return sessionCookie(response);
}

/**
 * As if the member had opened the link of their verification mail (email-verification.test.ts
 * opens real ones): most tests want a member who has, like most members.
 */
async function markVerified(app: FastifyInstance, uuid: string) {
  await app.database.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', uuid).execute();
}

/**
 * Registers a person (spec §7 users-registerUser) and signs in, as the register form does;
 * subscribed to the newsletter only with `newsletter: true`, as when the box is ticked; with a
 * verified address unless `verified: false` (decision 0018).
 */
export async function registerMember(
  app: FastifyInstance,
  overrides: Partial<Omit<TestMember, 'uuid' | 'cookie'>> & { newsletter?: boolean; verified?: boolean } = {},
): Promise<TestMember> {
  const suffix = randomBytes(4).toString('hex');
  const member = {
    email: overrides.email ?? `membre-${suffix}@exemple.fr`,
    username: overrides.username ?? `membre_${suffix}`,
    password: overrides.password ?? STRONG_PASSWORD,
  };
  const response = await app.inject({
    method: 'POST',
    url: '/api/fn/users-registerUser',
    payload: {
      email: member.email,
      username: member.username,
      firstname: 'Camille',
      lastname: 'Martin',
      pwd: member.password,
      newsletter: overrides.newsletter,
      ...(await proofOfWork(app)),
    },
  });
  if (response.statusCode !== 200) throw new Error(`registration failed: ${response.body}`);
  const { uuid } = response.json().data as { uuid: string };
  if (overrides.verified !== false) await markVerified(app, uuid);
  return { ...member, uuid, cookie: await login(app, member.email, member.password) };
}

/** A member with the admin role (as ADMIN_EMAIL bootstrap or a later promotion would give). */
export async function registerAdmin(app: FastifyInstance, database: DatabaseHandle): Promise<TestMember> {
  const admin = await registerMember(app);
  await database.db.updateTable('users').set({ roles: ['admin'] }).where('id', '=', admin.uuid).execute();
  return admin;
}

/** A member with the moderator role (shared/permissions.ts: the moderation queue only). */
export async function registerModerator(app: FastifyInstance, database: DatabaseHandle): Promise<TestMember> {
  const moderator = await registerMember(app);
  await database.db.updateTable('users').set({ roles: ['moderator'] }).where('id', '=', moderator.uuid).execute();
  return moderator;
}

/** A member with the editor role (shared/permissions.ts: the site's texts only). */
export async function registerEditor(app: FastifyInstance, database: DatabaseHandle): Promise<TestMember> {
  const editor = await registerMember(app);
  await database.db.updateTable('users').set({ roles: ['editor'] }).where('id', '=', editor.uuid).execute();
  return editor;
}

/** An organisation account, its e-mail allowed first as the admin would, and verified. */
export async function registerOrganisation(app: FastifyInstance, database: DatabaseHandle): Promise<TestMember> {
  const suffix = randomBytes(4).toString('hex');
  const email = `club-${suffix}@exemple.fr`;
  const username = `Club ${suffix}`;
  await database.db.insertInto('organisation_allowlist').values({ email }).execute();
  const response = await app.inject({
    method: 'POST',
    url: '/api/fn/users-registerOrganisation',
    payload: { email, username, pwd: STRONG_PASSWORD, ...(await proofOfWork(app)) },
  });
  if (response.statusCode !== 200) throw new Error(`organisation registration failed: ${response.body}`);
  const { uuid } = response.json().data as { uuid: string };
  await markVerified(app, uuid);
  return { uuid, email, username, password: STRONG_PASSWORD, cookie: await login(app, email, STRONG_PASSWORD) };
}
