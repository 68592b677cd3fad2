import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { registerMember } from '../../platform/testing/members';
import { setUpTestApp } from '../../testing/test-app';
import { openTotpSecret, rotateTotpKey, sealTotpSecret, TOTP_KEY } from './totp-secrets';

const post = (app: FastifyInstance, url: string, payload: object, cookie: string) => app.inject({ method: 'POST', url, payload, headers: { cookie } });
const appCode = (secret: string, stepsAhead = 0) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });
const newKey = () => randomBytes(32).toString('base64url');

describe('the authenticator apps’ secrets, encrypted', () => {
  it('open only with their key, for their member, unaltered', () => {
    const [key, userId, secret] = [newKey(), crypto.randomUUID(), 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'];
    const sealed = sealTotpSecret(key, userId, secret);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(secret);
    expect(sealTotpSecret(key, userId, secret)).not.toBe(sealed);
    expect(openTotpSecret(key, userId, sealed)).toBe(secret);
    expect(openTotpSecret(newKey(), userId, sealed)).toBeUndefined();
    expect(openTotpSecret(key, crypto.randomUUID(), sealed)).toBeUndefined();
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes[20] ^= 1;
    expect(openTotpSecret(key, userId, `v1.${bytes.toString('base64url')}`)).toBeUndefined();
    expect(openTotpSecret(key, userId, secret)).toBeUndefined();
    expect(openTotpSecret(key, userId, 'v1.')).toBeUndefined();
  });

  const test = setUpTestApp();

  it('are kept encrypted from the enrolment on, and a new key encrypts them again without a member noticing', async () => {
    const { db } = test.database;
    const member = await registerMember(test.app);
    const { secret } = (await post(test.app, '/api/account/two-factor/totp/setup', {}, member.cookie)).json();
    const stored = () => db.selectFrom('users').select(['totp_secret', 'totp_pending_secret']).where('id', '=', member.uuid).executeTakeFirstOrThrow();
    const key = async () => ((await db.selectFrom('settings').select('value').where('key', '=', TOTP_KEY.key).executeTakeFirstOrThrow()).value as { current: string; previous: unknown[] });
    const pending = (await stored()).totp_pending_secret!;
    expect(pending).not.toContain(secret);
    expect(openTotpSecret((await key()).current, member.uuid, pending)).toBe(secret);
    expect((await post(test.app, '/api/account/two-factor/totp', { code: appCode(secret) }, member.cookie)).statusCode).toBe(200);
    const enrolled = (await stored()).totp_secret!;
    expect(openTotpSecret((await key()).current, member.uuid, enrolled)).toBe(secret);

    // A secret being enrolled by another member is encrypted again too.
    const other = await registerMember(test.app);
    const otherSecret = (await post(test.app, '/api/account/two-factor/totp/setup', {}, other.cookie)).json().secret;
    const before = await key();
    expect(await rotateTotpKey(db)).toBeGreaterThanOrEqual(2);
    const after = await key();
    expect(after.current).not.toBe(before.current);
    // Nothing under the replaced key is left, so it is not kept.
    expect(after.previous).toEqual([]);
    const rotated = await stored();
    expect(rotated.totp_secret).not.toBe(enrolled);
    expect(openTotpSecret(before.current, member.uuid, rotated.totp_secret!)).toBeUndefined();
    expect(openTotpSecret(after.current, member.uuid, rotated.totp_secret!)).toBe(secret);

    // The app read the replaced key less than a minute ago: it finds the new one in the database.
    expect((await post(test.app, '/api/auth/reauthenticate', { code: appCode(secret, 1) }, member.cookie)).statusCode).toBe(204);
    expect((await post(test.app, '/api/account/two-factor/totp', { code: appCode(otherSecret) }, other.cookie)).statusCode).toBe(200);
  });
});
