import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './user-agents';

describe('a browser as the sessions list names it', () => {
  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      { browser: 'Safari 17', device: 'iPhone (iOS 17.4)' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      { browser: 'Chrome 131', device: 'Windows 10' },
    ],
    ['', { browser: 'Navigateur inconnu', device: 'Appareil inconnu' }],
    ['curl/8.5.0', { browser: 'Navigateur inconnu', device: 'Appareil inconnu' }],
  ])('%s', (userAgent, expected) => {
    expect(describeUserAgent(userAgent)).toEqual(expected);
  });
});
