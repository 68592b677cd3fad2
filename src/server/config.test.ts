import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config';

describe('the configuration', () => {
  it('caps newsletter sending at 10 mails a second unless NEWSLETTER_RATE_PER_SECOND says otherwise', () => {
    expect(readConfig({}).newsletterRatePerSecond).toBe(10);
    expect(readConfig({ NEWSLETTER_RATE_PER_SECOND: ' 250 ' }).newsletterRatePerSecond).toBe(250);
  });

  it.each(['0', '-5', '2.5', 'dix', '1e'])('refuses NEWSLETTER_RATE_PER_SECOND=%s with a message naming it', (value) => {
    const read = () => readConfig({ NEWSLETTER_RATE_PER_SECOND: value });
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(`NEWSLETTER_RATE_PER_SECOND must be a positive integer, got "${value}"`);
  });
});
