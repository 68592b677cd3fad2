import { createSecretKey, randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { unsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';

const secret = createSecretKey(randomBytes(32));
const userId = '7a0c1e52-1111-4a4a-9b9b-000000000001';

it('signs a user id and recognises its own signature only', () => {
  const token = unsubscribeToken(secret, userId);
  expect(token).toMatch(/^7a0c1e52-1111-4a4a-9b9b-000000000001\.[A-Za-z0-9_-]{43}$/);
  expect(verifyUnsubscribeToken(secret, token)).toBe(userId);
  expect(verifyUnsubscribeToken(createSecretKey(randomBytes(32)), token)).toBeUndefined();
  const otherUser = '7a0c1e52-1111-4a4a-9b9b-000000000002';
  expect(verifyUnsubscribeToken(secret, `${otherUser}${token.slice(userId.length)}`)).toBeUndefined();
  expect(verifyUnsubscribeToken(secret, `${token}=`)).toBeUndefined();
  expect(verifyUnsubscribeToken(secret, token.slice(0, -1))).toBeUndefined();
  expect(verifyUnsubscribeToken(secret, 'sans-point')).toBeUndefined();
});
