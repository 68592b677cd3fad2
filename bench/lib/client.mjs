// A member's view of the API over real HTTP: register, sign in, call. No Origin header is
// sent, as from a native client; the server's CSRF rule only checks an Origin when present.
import http from 'node:http';
import { proofOfWork } from './proof-of-work.mjs';
import { ADMIN } from './site.mjs';

export const MEMBER_PASSWORD = 'Bench-Member-2025!';

export async function call(url, path, { method = 'GET', body, cookie } = {}) {
  const response = await fetch(url + path, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const json = text ? JSON.parse(text) : undefined;
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text.slice(0, 200)}`);
  return { json, headers: response.headers };
}

/** Signs in and returns the `Cookie` header value of the session. */
export async function login(url, email, password) {
  const { headers } = await call(url, '/api/auth/login', { method: 'POST', body: { email, password } });
  const session = headers.getSetCookie().find((cookie) => cookie.startsWith('unissons_session='));
  if (!session) throw new Error(`login of ${email} set no session cookie`);
  return session.split(';')[0];
}

export const loginAdmin = (url) => login(url, ADMIN.email, ADMIN.password);

/**
 * Registers `count` members through the API (argon2 hashing and the proof of work included)
 * and signs each in, a few at a time. Returns their session cookies.
 */
export async function registerMembers(url, count, prefix, parallel = 4) {
  const cookies = [];
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < count; i = next++) {
      const email = `${prefix}${i}@bench.test`;
      await call(url, '/api/fn/users-registerUser', {
        method: 'POST',
        body: { email, username: `${prefix}${i}`, firstname: 'Camille', lastname: `Membre${i}`, pwd: MEMBER_PASSWORD, ...(await proofOfWork(url)) },
      });
      cookies[i] = await login(url, email, MEMBER_PASSWORD);
    }
  };
  await Promise.all(Array.from({ length: parallel }, lane));
  return cookies;
}

/** Body and header bytes of `url` as sent to a browser that accepts Brotli (nothing decoded). */
export function wireSize(url, timeoutMs = 15_000) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      let bytes = 0;
      // rawHeaders alternates names and values: "Name: value\r\n" adds two bytes to each.
      const headerBytes = response.rawHeaders.reduce((total, text) => total + text.length + 2, 0);
      response.on('data', (chunk) => (bytes += chunk.length));
      response.on('end', () => resolve({ bytes, headerBytes }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.setTimeout(timeoutMs, () => request.destroy(new Error(`${url} timed out`)));
  });
}
