import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../config';
import { setUpTestApp, type TestApp } from '../../testing/test-app';
import { addressKey, clientKey, fastifyTrustProxy } from './client-key';

describe('addressKey', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('%s counts as %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });
});

describe('TRUST_PROXY', () => {
  /** request.ip and its key as the app's Fastify options make them, for a request from a local proxy. */
  async function clientAddress(trustProxy: string | undefined, forwardedFor: string) {
    const app = Fastify({
      trustProxy: fastifyTrustProxy(readConfig(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }).trustProxy),
    });
    app.get('/', async (request) => ({ ip: request.ip, key: clientKey(request) }));
    const response = await app.inject({
      method: 'GET',
      url: '/',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
    });
    await app.close();
    return response.json<{ ip: string; key: string }>();
  }

  it('believes as many hops as it is told, so a client cannot put its own address first', async () => {
    const forwarded = '198.51.100.66, 203.0.113.9';
    expect((await clientAddress(undefined, forwarded)).ip).toBe('127.0.0.1');
    expect((await clientAddress('1', forwarded)).ip).toBe('203.0.113.9');
    expect((await clientAddress('127.0.0.1', forwarded)).ip).toBe('203.0.113.9');
    expect((await clientAddress('loopback,10.0.0.0/8', forwarded)).ip).toBe('203.0.113.9');
    expect((await clientAddress('2', forwarded)).ip).toBe('198.51.100.66');
    expect(await clientAddress('1', '198.51.100.66, 2001:db8:1:2::7')).toEqual({
      ip: '2001:db8:1:2::7',
      key: '2001:db8:1:2::/64',
    });
  });

  it.each(['true', 'yes', '10.0.0.0/33', '10.0.0.300', '127.0.0.1,', '-1'])(
    'refuses TRUST_PROXY=%s with a readable message',
    (value) => {
      expect(() => readConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => readConfig({ TRUST_PROXY: value })).toThrow(/nombre de proxys/);
    },
  );

  it.each([
    ['', false],
    ['0', false],
    ['false', false],
    ['2', 2],
    ['127.0.0.1, ::1/128', ['127.0.0.1', '::1/128']],
  ])('reads TRUST_PROXY=%j as %j', (value, expected) => {
    expect(readConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });
});

type Sender = { remoteAddress?: string; forwardedFor?: string };

/** Statuses of empty logins (400, or 429 once the client's budget is spent), sent in turn. */
async function loginStatuses(test: TestApp, senders: Sender[]) {
  const statuses = [];
  for (const { remoteAddress, forwardedFor } of senders) {
    const headers = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
    statuses.push(
      (await test.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, headers, payload: {} })).statusCode,
    );
  }
  return statuses;
}

describe('per-client budgets behind one proxy', () => {
  const test = setUpTestApp({ TRUST_PROXY: '1', AUTH_RATE_LIMIT_PER_MINUTE: '2' });

  it('counts the address the proxy saw, whatever the client wrote before it', async () => {
    expect(
      await loginStatuses(test, [
        { forwardedFor: '198.51.100.1, 203.0.113.9' },
        { forwardedFor: '198.51.100.2, 203.0.113.9' },
        { forwardedFor: '203.0.113.9' },
      ]),
    ).toEqual([400, 400, 429]);
  });

  it('counts an IPv6 /64 as one client, and an IPv4 address in IPv6 form as that address', async () => {
    expect(
      await loginStatuses(test, [
        { forwardedFor: '2001:db8:1:2::1' },
        { forwardedFor: '2001:db8:1:2:ffff::9' },
        { forwardedFor: '2001:db8:1:2::3' },
      ]),
    ).toEqual([400, 400, 429]);
    expect(
      await loginStatuses(test, [
        { forwardedFor: '2001:db8:1:3::1' },
        { forwardedFor: '::ffff:203.0.113.10' },
        { forwardedFor: '203.0.113.10' },
        { forwardedFor: '::ffff:203.0.113.10' },
      ]),
    ).toEqual([400, 400, 400, 429]);
  });
});

describe('per-client budgets without a proxy', () => {
  const test = setUpTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1' });

  it('ignores X-Forwarded-For and counts IPv6 sockets by /64', async () => {
    expect(
      await loginStatuses(test, [
        { remoteAddress: '2001:db8:5:6::1' },
        { remoteAddress: '2001:db8:5:6::2', forwardedFor: '198.51.100.1' },
        { remoteAddress: '2001:db8:5:7::1' },
      ]),
    ).toEqual([400, 429, 400]);
  });
});
