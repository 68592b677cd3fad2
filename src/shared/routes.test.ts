import { describe, expect, it } from 'vitest';
import { isClientPath, trimTrailingSlashes } from './routes';

describe('trimTrailingSlashes', () => {
  it.each([
    ['/', '/'],
    ['//', '/'],
    ['/join', '/join'],
    ['/join/', '/join'],
    ['/calshare/wiki///', '/calshare/wiki'],
    ['/a//b', '/a//b'],
  ])('%s → %s', (path, trimmed) => {
    expect(trimTrailingSlashes(path)).toBe(trimmed);
  });
});

describe('isClientPath', () => {
  it('knows the pages, with or without a trailing slash', () => {
    expect(isClientPath('/join/')).toBe(true);
    expect(isClientPath('/calshare/wiki/anything')).toBe(true);
    expect(isClientPath('/nope')).toBe(false);
  });

  // The regex it used (/\/+$/) retried from each slash: 100,000 of them took seconds.
  it('answers at once on runs of 100,000 slashes', () => {
    const slashes = '/'.repeat(100_000);
    const started = performance.now();
    expect(isClientPath(slashes)).toBe(true);
    expect(isClientPath(`/join${slashes}`)).toBe(true);
    expect(isClientPath(`/join${slashes}x`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
