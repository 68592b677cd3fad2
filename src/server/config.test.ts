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

describe('the admin bootstrap settings', () => {
  it.each(['admin', 'motdepasse', 'Admin2025', 'Admin-2'])('refuses ADMIN_PASSWORD=%s, short of the okay rule', (password) => {
    const read = () => readConfig({ ADMIN_EMAIL: 'admin@exemple.fr', ADMIN_PASSWORD: password });
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(/ADMIN_PASSWORD is too weak/);
  });

  it('takes an okay password, and over an existing account only with ADMIN_PROMOTE_EXISTING=1', () => {
    const admin = { ADMIN_EMAIL: 'admin@exemple.fr', ADMIN_PASSWORD: 'Admin-25' };
    expect(readConfig(admin).admin).toEqual({ email: 'admin@exemple.fr', password: 'Admin-25', promoteExisting: false });
    expect(readConfig({ ...admin, ADMIN_PROMOTE_EXISTING: '1' }).admin?.promoteExisting).toBe(true);
    expect(() => readConfig({ ...admin, ADMIN_PROMOTE_EXISTING: 'oui' })).toThrow('ADMIN_PROMOTE_EXISTING must be 1 or 0, got "oui"');
  });
});

describe('the backup settings', () => {
  it('back up daily into DATA_DIR/backups and keep 14 unless told otherwise', () => {
    expect(readConfig({ DATA_DIR: '/srv/unissons' }).backup).toEqual({ dir: '/srv/unissons/backups', everyMs: 86_400_000, keep: 14 });
    expect(readConfig({ BACKUP_DIR: '/mnt/copies', BACKUP_EVERY: '6h', BACKUP_KEEP: '30' }).backup).toEqual({ dir: '/mnt/copies', everyMs: 21_600_000, keep: 30 });
    expect(readConfig({ BACKUP_EVERY: 'hourly' }).backup.everyMs).toBe(3_600_000);
    expect(readConfig({ BACKUP_EVERY: '30m' }).backup.everyMs).toBe(1_800_000);
    expect(readConfig({ BACKUP_EVERY: 'off' }).backup.everyMs).toBeUndefined();
  });

  it.each(['weekly', '0h', '1.5h', '-1d', 'true'])('refuses BACKUP_EVERY=%s', (every) => {
    expect(() => readConfig({ BACKUP_EVERY: every })).toThrow(`BACKUP_EVERY must be daily, hourly, off or a duration such as 6h, 30m or 2d, got "${every}"`);
  });

  it('refuses a BACKUP_KEEP that is not a positive integer', () => {
    expect(() => readConfig({ BACKUP_KEEP: '0' })).toThrow('BACKUP_KEEP must be a positive integer, got "0"');
  });
});
