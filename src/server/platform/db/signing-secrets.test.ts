import type { Migration } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from './connection';
import * as rotatingSecretsMigration from './migrations/20261126800000_rotating_secrets';
import { rotateSecret, SigningSecrets, type SecretPolicy } from './signing-secrets';
import { createTestDatabase } from '../testing/test-database';

const rotatingSecrets: Required<Migration> = rotatingSecretsMigration;
const MINUTE = 60_000;
let made = 0;
/** A policy of its own per test: each gets its own row. */
const policy = (keepPreviousMs = 30 * MINUTE): SecretPolicy => {
  const key = `test.secret.${++made}`;
  let generated = 0;
  return { key, keepPreviousMs, generate: () => `${key}#${++generated}-${Math.random()}` };
};
/** Accepts what `signed` names: a signature is the secret itself here. */
const signedWith = (signed: string) => (secret: string) => (secret === signed ? secret : undefined);

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());
afterEach(() => {
  vi.useRealTimers();
});

describe('a signing secret', () => {
  it('is made once and shared: two instances sign and check with the same one', async () => {
    const secret = policy();
    const [first, second] = [new SigningSecrets(database.db, secret), new SigningSecrets(database.db, secret)];
    const [a, b] = await Promise.all([first.current(), second.current()]);
    expect(a).toBe(b);
    expect(await second.verify(signedWith(a))).toBe(a);
    expect(await second.verify(signedWith('forged'))).toBeUndefined();
  });

  it('after a rotation, signs with the new one and accepts the replaced one for its time only', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const secret = policy(30 * MINUTE);
    const instance = new SigningSecrets(database.db, secret);
    const old = await instance.current();

    await rotateSecret(database.db, secret);
    // This instance's copy is a minute old at most when it signs.
    vi.advanceTimersByTime(MINUTE);
    const fresh = await instance.current();
    expect(fresh).not.toBe(old);
    expect(await instance.verify(signedWith(old))).toBe(old);
    expect(await instance.verify(signedWith(fresh))).toBe(fresh);

    vi.advanceTimersByTime(28 * MINUTE);
    expect(await instance.verify(signedWith(old))).toBe(old);
    vi.advanceTimersByTime(2 * MINUTE);
    expect(await instance.verify(signedWith(old))).toBeUndefined();
    expect(await instance.verify(signedWith(fresh))).toBe(fresh);
  });

  it('is refused past its time by an instance that only checks, whose copy predates the rotation', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const secret = policy(30 * MINUTE);
    const checking = new SigningSecrets(database.db, secret);
    const old = await new SigningSecrets(database.db, secret).current();
    expect(await checking.verify(signedWith(old))).toBe(old);
    await rotateSecret(database.db, secret);
    vi.advanceTimersByTime(31 * MINUTE);
    expect(await checking.verify(signedWith(old))).toBeUndefined();
  });

  it('is accepted at once by an instance whose copy is older than a rotation made elsewhere', async () => {
    const secret = policy();
    const stale = new SigningSecrets(database.db, secret);
    const old = await stale.current();
    await rotateSecret(database.db, secret);
    const fresh = await new SigningSecrets(database.db, secret).current();
    expect(fresh).not.toBe(old);
    expect(await stale.verify(signedWith(fresh))).toBe(fresh);
    expect(await stale.current()).toBe(fresh);
  });

  it('keeps every replaced secret still in its time, through rotations made at once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const secret = policy(30 * MINUTE);
    const instance = new SigningSecrets(database.db, secret);
    const first = await instance.current();
    await Promise.all([rotateSecret(database.db, secret), rotateSecret(database.db, secret)]);
    const row = await database.db.selectFrom('settings').select('value').where('key', '=', secret.key).executeTakeFirstOrThrow();
    const { current, previous } = row.value as { current: string; previous: { secret: string }[] };
    expect(previous).toHaveLength(2);
    expect(previous.map((replaced) => replaced.secret)).toContain(first);
    for (const signed of [current, ...previous.map((replaced) => replaced.secret)]) expect(await instance.verify(signedWith(signed))).toBe(signed);

    // A later rotation drops those past their time.
    vi.advanceTimersByTime(31 * MINUTE);
    await rotateSecret(database.db, secret);
    const after = (await database.db.selectFrom('settings').select('value').where('key', '=', secret.key).executeTakeFirstOrThrow()).value as { previous: { secret: string }[] };
    expect(after.previous.map((replaced) => replaced.secret)).toEqual([current]);
  });

  it('made before secrets could rotate, becomes the current one of the new form', async () => {
    const { db } = database;
    await db.deleteFrom('settings').where('key', 'in', ['anti_bot_secret', 'newsletter.unsubscribeSecret']).execute();
    await db.insertInto('settings').values([
      { key: 'anti_bot_secret', value: JSON.stringify('ab12') },
      { key: 'newsletter.unsubscribeSecret', value: JSON.stringify('cd34') },
    ]).execute();
    await rotatingSecrets.up(db);
    const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', ['anti_bot_secret', 'newsletter.unsubscribeSecret']).orderBy('key').execute();
    expect(rows).toEqual([
      { key: 'anti_bot_secret', value: { current: 'ab12', previous: [] } },
      { key: 'newsletter.unsubscribeSecret', value: { current: 'cd34', previous: [] } },
    ]);
  });
});
