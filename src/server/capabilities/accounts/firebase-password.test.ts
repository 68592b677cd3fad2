import { describe, expect, it } from 'vitest';
import { sessionCookie } from '../../platform/testing/members';
import { setUpTestApp } from '../../testing/test-app';
import { expectStoredHashOf } from '../../platform/testing/stored-password';
import { FIREBASE_HASH_SETTING, firebasePasswordHash, verifyAccountPassword, type FirebaseHashParameters } from './passwords';

// Firebase's own published example of its modified scrypt (the firebase/scrypt repository's
// README): this project's parameters, one user's salt, and the hash of 'user1password'.
const PUBLISHED: FirebaseHashParameters = {
  signerKey: 'jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==',
  saltSeparator: 'Bw==',
  rounds: 8,
  memCost: 14,
};
const SALT = '42xEC+ixf3L2lw==';
const HASH = 'lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==';

describe('a member moved in from the Firebase site', () => {
  const test = setUpTestApp();
  const loginRequest = (email: string, password: string) => test.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const storedHash = async (email: string) =>
    (await test.database.db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow()).password_hash;

  async function movedIn(email: string, passwordHash: string, parameters: FirebaseHashParameters = PUBLISHED) {
    const { db } = test.database;
    await db
      .insertInto('settings')
      .values({ key: FIREBASE_HASH_SETTING, value: JSON.stringify(parameters) })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: JSON.stringify(parameters) }))
      .execute();
    await db
      .insertInto('users')
      .values({ email, username: email.split('@')[0], account_type: 'user', firstname: 'Léa', lastname: 'Martin', password_hash: passwordHash, firebase_uid: `uid-${email}` })
      .execute();
  }

  it('signs in with the password they always had, which is then kept as argon2id, and with nothing else', async () => {
    await movedIn('lea@exemple.fr', firebasePasswordHash(SALT, HASH));
    for (const wrong of ['user1passwor', 'user1password ', 'User1password', '']) {
      const refused = await loginRequest('lea@exemple.fr', wrong);
      expect(refused.statusCode, wrong).toBe(401);
    }
    expect(await storedHash('lea@exemple.fr')).toBe(firebasePasswordHash(SALT, HASH));

    const first = await loginRequest('lea@exemple.fr', 'user1password');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ email: 'lea@exemple.fr', firstname: 'Léa' });
    // Firebase's hash is gone: the password is now kept as any other.
    await expectStoredHashOf(await storedHash('lea@exemple.fr'), 'user1password');
    expect((await loginRequest('lea@exemple.fr', 'user1password')).statusCode).toBe(200);
    expect((await loginRequest('lea@exemple.fr', 'user1passwor')).json()).toMatchObject({ error: { code: 'auth/wrong-password' } });
  });

  it('is refused with the same answer as any wrong password when the hash or the parameters do not match', async () => {
    // Another project's signer key: the hash cannot be checked, so it matches nothing.
    await movedIn('autre@exemple.fr', firebasePasswordHash(SALT, HASH), { ...PUBLISHED, signerKey: Buffer.alloc(64, 7).toString('base64') });
    const refused = await loginRequest('autre@exemple.fr', 'user1password');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: { code: 'auth/wrong-password' } });
    // Signed in through a provider on the old site: no password to check, 'Mot de passe oublié' gives one.
    await movedIn('google@exemple.fr', '', PUBLISHED);
    expect((await loginRequest('google@exemple.fr', 'user1password')).json()).toMatchObject({ error: { code: 'auth/wrong-password' } });
    // A hash damaged in the move.
    await movedIn('abime@exemple.fr', '$firebase-scrypt$seul-morceau', PUBLISHED);
    expect((await loginRequest('abime@exemple.fr', 'user1password')).json()).toMatchObject({ error: { code: 'auth/wrong-password' } });
    expect(await storedHash('autre@exemple.fr')).toBe(firebasePasswordHash(SALT, HASH));
    // No parameters imported at all: nothing can be checked, nothing matches.
    await test.database.db.deleteFrom('settings').where('key', '=', FIREBASE_HASH_SETTING).execute();
    expect(await verifyAccountPassword(test.database.db, firebasePasswordHash(SALT, HASH), 'user1password')).toBe(false);
    expect(await verifyAccountPassword(test.database.db, '$firebase-scrypt$seul-morceau', 'user1password')).toBe(false);
  });

  it('matches nothing with parameters that decode to nothing or ask scrypt for more memory than Firebase ever does', async () => {
    // An empty signer key encrypts to an empty hash, which an empty stored hash must not equal.
    await movedIn('vide@exemple.fr', firebasePasswordHash(SALT, '!!!!'), { ...PUBLISHED, signerKey: '!!!!' });
    expect((await loginRequest('vide@exemple.fr', 'nimporte-quoi')).json()).toMatchObject({ error: { code: 'auth/wrong-password' } });
    // 2^40 × 8 × 128 bytes: refused at once by the memory cap, never allocated.
    await movedIn('gourmand@exemple.fr', firebasePasswordHash(SALT, HASH), { ...PUBLISHED, memCost: 40 });
    expect(await verifyAccountPassword(test.database.db, firebasePasswordHash(SALT, HASH), 'user1password')).toBe(false);
  });

  it('keeps the unsubscribe links of the newsletters sent from the old site working: they name the member by their Firebase uid', async () => {
    await movedIn('abonne@exemple.fr', firebasePasswordHash(SALT, HASH));
    const { db } = test.database;
    await db.updateTable('users').set({ newsletter: true, firebase_uid: 'Xq3TzK9pLm2bVcR7sD4fGh8jKl01' }).where('email', '=', 'abonne@exemple.fr').execute();
    const signedIn = await loginRequest('abonne@exemple.fr', 'user1password');
    expect(signedIn.json()).toMatchObject({ firebaseUid: 'Xq3TzK9pLm2bVcR7sD4fGh8jKl01', newsletter: true });
    const cookie = sessionCookie(signedIn);
    const unsubscribe = (userId: string) => test.app.inject({ method: 'POST', url: '/api/fn/newsletter-unsubscribe', headers: { cookie }, payload: { userId } });
    // Firebase uids are case-sensitive: another case is another (unknown) account.
    expect((await unsubscribe('xq3tzk9plm2bvcr7sd4fgh8jkl01')).statusCode).toBe(403);
    expect((await unsubscribe('Xq3TzK9pLm2bVcR7sD4fGh8jKl01')).json()).toEqual({ data: { unsubscribed: true } });
    const row = await db.selectFrom('users').select('newsletter').where('email', '=', 'abonne@exemple.fr').executeTakeFirstOrThrow();
    expect(row.newsletter).toBe(false);
  });
});
