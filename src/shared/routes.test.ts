import { describe, expect, it } from 'vitest';
import { isClientPath, returnPath, signInPath, trimTrailingSlashes } from './routes';

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

  // The regex it used (/\/+$/) retried from each slash: 100,000 of them took seconds, a million
  // take minutes, and the loop that replaced it milliseconds (docs/decisions/0011-http-edge-limits.md).
  // So the time limit holds at any load and still fails a backtracking version, once it returns.
  it('answers on runs of a million slashes', { timeout: 10_000 }, () => {
    const slashes = '/'.repeat(1_000_000);
    expect(isClientPath(slashes)).toBe(true);
    expect(isClientPath(`/join${slashes}`)).toBe(true);
    expect(isClientPath(`/join${slashes}x`)).toBe(false);
  });
});

describe('returnPath', () => {
  it.each([
    ['/vote', '/vote'],
    ['/vote#sport-ultimate', '/vote#sport-ultimate'],
    ['/leave-a-print', '/leave-a-print'],
    ['/calshare/surveys/pre-use', '/calshare/surveys/pre-use'],
    ['/newsletter-unsubscribe/abc-123', '/newsletter-unsubscribe/abc-123'],
    ['/admin/members?q=l%C3%A9a', '/admin/members?q=l%C3%A9a'],
    ['/vote/../leave-a-print', '/leave-a-print'],
  ])('takes the page %s back to %s', (value, path) => {
    expect(returnPath(value)).toBe(path);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['vote'],
    ['//evil.example'],
    ['//evil.example/vote'],
    ['https://evil.example/vote'],
    ['http:/evil.example'],
    ['javascript:alert(1)'],
    ['/\\evil.example'],
    ['\\evil.example'],
    ['/\\/evil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    [' /vote'],
    ['/nope'],
    ['/%2F%2Fevil.example'],
    [`/vote?${'x'.repeat(3000)}`],
  ])('refuses %j', (value) => {
    expect(returnPath(value)).toBeUndefined();
  });

  it('reads back what signInPath asks for', () => {
    const link = new URL(signInPath('/vote#sport-ultimate'), 'https://exemple.fr');
    expect(link.pathname).toBe('/account');
    expect(signInPath('/vote')).toBe('/account?retour=/vote');
    expect(returnPath(link.searchParams.get('retour'))).toBe('/vote#sport-ultimate');
  });
});
