import { describe, expect, it } from 'vitest';
import { USER_AGENTS } from '../../../shared/user-agents.fixture';
import { setUpTestApp } from '../../testing/test-app';

const IOS = 'https://apps.apple.com/fr/app/calshare/id000000001';
const ANDROID = 'https://play.google.com/store/apps/details?id=org.unissons.calshare';

describe('GET /calshare/download', () => {
  const test = setUpTestApp({ IOS_STORE_URL: IOS, ANDROID_STORE_URL: ANDROID });

  const visit = (userAgent: string | undefined) =>
    test.app.inject({ method: 'GET', url: '/calshare/download', headers: userAgent === undefined ? {} : { 'user-agent': userAgent } });

  it.each([
    ['iphoneSafari', IOS],
    ['iphoneInstagram', IOS],
    ['ipadMobileMode', IOS],
    ['androidChrome', ANDROID],
    ['androidSamsung', ANDROID],
    ['androidFirefox', ANDROID],
    ['windowsEdge', '/calshare'],
    ['linuxFirefox', '/calshare'],
    ['googlebot', '/calshare'],
  ] as const)('redirects %s to %s, for this device only', async (device, location) => {
    const response = await visit(USER_AGENTS[device]);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(location);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.vary).toMatch(/User-Agent/i);
  });

  it('sends a visitor without user agent to /calshare', async () => {
    const response = await visit(undefined);
    expect(response.headers.location).toBe('/calshare');
  });

  it('leaves a Mac user agent (maybe an iPad in desktop mode) to the page instead of redirecting', async () => {
    // This test app has no built client: the page's fallback answers 503 here, 200 in production.
    const response = await visit(USER_AGENTS.ipadDesktopMode);
    expect(response.headers.location).toBeUndefined();
    expect(response.statusCode).not.toBe(302);
  });
});
