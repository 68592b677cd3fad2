import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LIVE_TOPIC_PERMISSIONS, ADMIN_LIVE_TOPICS } from '../../shared/live';
import { hasPermission, ROLES } from '../../shared/permissions';
import { registerMember } from '../platform/testing/members';
import { listeningTestApp, readEvents } from '../testing/streams';

/** A signed-in member with no role, then one member per role. */
const ROLE_SETS: string[][] = [[], ...ROLES.map((role) => [role])];

/**
 * /api/live is outside the route groups: it checks each staff topic's permission itself, from
 * ADMIN_LIVE_TOPIC_PERMISSIONS, so the authorisation matrix cannot see it. This one is
 * generated from that table, as the route matrix is from the route table.
 */
describe('the staff live topics, generated from ADMIN_LIVE_TOPIC_PERMISSIONS', () => {
  // The production default: each member below has an authenticator app, so only the role decides.
  const listening = listeningTestApp({ STAFF_TWO_FACTOR: 'required' });
  const cookies = new Map<string[], string>();

  beforeAll(async () => {
    const { app, database } = listening.test;
    for (const roles of ROLE_SETS) {
      const member = await registerMember(app);
      await database.db.updateTable('users').set({ roles }).where('id', '=', member.uuid).execute();
      const headers = { cookie: member.cookie };
      const { secret } = (await app.inject({ method: 'POST', url: '/api/account/two-factor/totp/setup', headers, payload: {} })).json();
      const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
      expect((await app.inject({ method: 'POST', url: '/api/account/two-factor/totp', headers, payload: { code } })).statusCode).toBe(200);
      cookies.set(roles, member.cookie);
    }
  });

  /**
   * The status from the answer's head, the stream closed at once: a stream wrongly opened
   * never ends, and reading its body would fail the test only through its time limit.
   */
  async function liveStatus(topic: string, cookie?: string) {
    const stream = await readEvents(`${listening.base}/api/live?topics=${topic}`, () => true, cookie ? { cookie } : {});
    stream.close();
    return stream.status;
  }

  // Changing who may follow a staff topic must show as a change of this test too.
  it('pins the permission each staff topic needs', () => {
    expect(ADMIN_LIVE_TOPIC_PERMISSIONS).toEqual({ moderation: 'moderate', newsletter: 'administer' });
  });

  it('streams each staff topic to the roles its permission allows, 403 to other members, 401 to visitors', async () => {
    const failures: string[] = [];
    for (const topic of ADMIN_LIVE_TOPICS) {
      for (const roles of ROLE_SETS) {
        const want = hasPermission(roles, ADMIN_LIVE_TOPIC_PERMISSIONS[topic]) ? 200 : 403;
        const status = await liveStatus(topic, cookies.get(roles));
        if (status !== want) failures.push(`${topic} as [${roles.join()}]: ${status}, expected ${want}`);
      }
      const status = await liveStatus(topic);
      if (status !== 401) failures.push(`${topic} signed out: ${status}, expected 401`);
    }
    expect(failures).toEqual([]);
  });
});
