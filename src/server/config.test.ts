import { describe, expect, it } from 'vitest';
import { ConfigError, PUBLISHED_PASSWORDS, readConfig } from './config';

describe('the configuration', () => {
  it('caps newsletter sending at 10 mails a second unless NEWSLETTER_RATE_PER_SECOND says otherwise', () => {
    expect(readConfig({}).newsletterRatePerSecond).toBe(10);
    expect(readConfig({ NEWSLETTER_RATE_PER_SECOND: ' 250 ' }).newsletterRatePerSecond).toBe(250);
  });

  it('lets the newsletter claims of a dead instance be taken after 2 minutes unless NEWSLETTER_LEASE_SECONDS says otherwise', () => {
    expect(readConfig({}).newsletterLeaseMs).toBe(120_000);
    expect(readConfig({ NEWSLETTER_LEASE_SECONDS: '8' }).newsletterLeaseMs).toBe(8000);
  });

  it.each(['0', '-5', '2.5', 'dix', '1e'])('refuses NEWSLETTER_RATE_PER_SECOND=%s with a message naming it', (value) => {
    const read = () => readConfig({ NEWSLETTER_RATE_PER_SECOND: value });
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(`NEWSLETTER_RATE_PER_SECOND doit être un entier positif, reçu "${value}"`);
  });
});

describe('the admin bootstrap settings', () => {
  it.each(['admin', 'motdepasse', 'Admin2025', 'Admin-2'])('refuses ADMIN_PASSWORD=%s, short of the okay rule', (password) => {
    const read = () => readConfig({ ADMIN_EMAIL: 'admin@exemple.fr', ADMIN_PASSWORD: password });
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(/ADMIN_PASSWORD est trop faible/);
  });

  it.each(PUBLISHED_PASSWORDS)('refuses ADMIN_PASSWORD=%s, published with the code', (password) => {
    expect(() => readConfig({ ADMIN_EMAIL: 'admin@exemple.fr', ADMIN_PASSWORD: password })).toThrow(
      /publié avec le code : choisis le tien/,
    );
  });

  it('takes an okay password, and over an existing account only with ADMIN_PROMOTE_EXISTING=1', () => {
    const admin = { ADMIN_EMAIL: 'admin@exemple.fr', ADMIN_PASSWORD: 'Admin-25' };
    expect(readConfig(admin).admin).toEqual({ email: 'admin@exemple.fr', password: 'Admin-25', promoteExisting: false });
    expect(readConfig({ ...admin, ADMIN_PROMOTE_EXISTING: '1' }).admin?.promoteExisting).toBe(true);
    expect(() => readConfig({ ...admin, ADMIN_PROMOTE_EXISTING: 'oui' })).toThrow(
      'ADMIN_PROMOTE_EXISTING doit valoir 1 ou 0, reçu "oui"',
    );
  });
});

describe('the backup settings', () => {
  it('back up daily into DATA_DIR/backups and keep 14 unless told otherwise', () => {
    expect(readConfig({ DATA_DIR: '/srv/unissons' }).backup).toEqual({
      dir: '/srv/unissons/backups',
      everyMs: 86_400_000,
      keep: 14,
    });
    expect(readConfig({ BACKUP_DIR: '/mnt/copies', BACKUP_EVERY: '6h', BACKUP_KEEP: '30' }).backup).toEqual({
      dir: '/mnt/copies',
      everyMs: 21_600_000,
      keep: 30,
    });
    expect(readConfig({ BACKUP_EVERY: 'hourly' }).backup.everyMs).toBe(3_600_000);
    expect(readConfig({ BACKUP_EVERY: '30m' }).backup.everyMs).toBe(1_800_000);
    expect(readConfig({ BACKUP_EVERY: 'off' }).backup.everyMs).toBeUndefined();
  });

  it.each(['weekly', '0h', '1.5h', '-1d', 'true'])('refuses BACKUP_EVERY=%s', (every) => {
    expect(() => readConfig({ BACKUP_EVERY: every })).toThrow(
      `BACKUP_EVERY doit valoir daily, hourly, off ou une durée comme 6h, 30m ou 2d, reçu "${every}"`,
    );
  });

  it('takes a METRICS_TOKEN only long enough not to be guessed, and never shows it', () => {
    expect(readConfig({}).metricsToken).toBeUndefined();
    const token = 'a'.repeat(32);
    expect(readConfig({ METRICS_TOKEN: ` ${token} ` }).metricsToken).toBe(token);
    for (const weak of ['court-et-devinable', `${'a'.repeat(20)} ${'b'.repeat(20)}`]) {
      expect(() => readConfig({ METRICS_TOKEN: weak })).toThrow(/^METRICS_TOKEN doit faire au moins 32 caractères visibles, sans espace/);
    }
  });

  it('refuses a BACKUP_KEEP that is not a positive integer', () => {
    expect(() => readConfig({ BACKUP_KEEP: '0' })).toThrow('BACKUP_KEEP doit être un entier positif, reçu "0"');
  });
});

describe('the settings that hold a password (DATABASE_URL, SMTP_URL)', () => {
  const messageOf = (env: Record<string, string>) => {
    try {
      readConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('the configuration was accepted');
  };

  it('take DATABASE_LISTEN_URL, the direct connection beside a pooled DATABASE_URL, only with DATABASE_URL', () => {
    const pooled = 'postgres://alice:Mot-de-passe-1@pooler.exemple.fr:6543/unissons';
    const direct = 'postgres://alice:Mot-de-passe-1@db.exemple.fr:5432/unissons';
    expect(readConfig({ DATABASE_URL: pooled, DATABASE_LISTEN_URL: direct })).toMatchObject({ databaseUrl: pooled, databaseListenUrl: direct });
    expect(readConfig({ DATABASE_URL: direct }).databaseListenUrl).toBeUndefined();
    expect(messageOf({ DATABASE_LISTEN_URL: direct })).toMatch(/^DATABASE_LISTEN_URL demande DATABASE_URL/);
    expect(messageOf({ DATABASE_URL: pooled, DATABASE_LISTEN_URL: 'mysql://alice:Mot-de-passe-1@db.exemple.fr/unissons' })).not.toContain('Mot-de-passe-1');
  });

  it('name a wrong scheme with the host and path only, never the user, password or query', () => {
    const database = messageOf({
      DATABASE_URL: 'mysql://alice:Mot-de-passe-1@db.exemple.fr:3306/unissons?password=Autre-secret-2',
    });
    expect(database).toBe(
      'DATABASE_URL doit commencer par postgres: ou postgresql:, reçu "mysql://db.exemple.fr:3306/unissons" (montrée sans utilisateur, mot de passe ni paramètres)',
    );
    const smtp = messageOf({ SMTP_URL: 'https://relais:Mot-de-passe-3@smtp.exemple.fr:587' });
    expect(smtp).toBe(
      'SMTP_URL doit commencer par smtp: ou smtps:, reçu "https://smtp.exemple.fr:587/" (montrée sans utilisateur, mot de passe ni paramètres)',
    );
  });

  it.each([
    ['DATABASE_URL', 'postgres://alice:Mot@de@passe 1@db host/unissons'],
    ['DATABASE_URL', 'alice:Mot-de-passe-1@db.exemple.fr'],
    ['DATABASE_URL', 'mysql://alice:5432/Mot-de-passe-1@db.exemple.fr/unissons'],
    ['DATABASE_URL', 'mysql://db.exemple.fr/unissons?password=Mot@passe'],
    ['SMTP_URL', 'relais:Mot-de-passe-1@smtp.exemple.fr:587'],
  ])('show nothing of a %s value where a password cannot be told apart: %s', (name, value) => {
    const message = messageOf({ [name]: value });
    expect(message).toMatch(new RegExp(`^${name} doit `));
    // The secrets all start with a capital: the message's own 'mot de passe' does not.
    expect(message).not.toMatch(/Mot|alice|relais/);
  });

  it('are taken as given when right', () => {
    const config = readConfig({
      DATABASE_URL: 'postgres://alice:Mot-de-passe-1@db.exemple.fr/unissons',
      SMTP_URL: 'smtps://relais:Mot-de-passe-3@smtp.exemple.fr',
    });
    expect(config.databaseUrl).toBe('postgres://alice:Mot-de-passe-1@db.exemple.fr/unissons');
    expect(config.smtpUrl).toBe('smtps://relais:Mot-de-passe-3@smtp.exemple.fr');
  });
});

describe('the legal notice’s settings for a first start (LEGAL_*)', () => {
  it('are empty but for the e-mail, CONTACT_EMAIL, unless set', () => {
    const { legalNotice } = readConfig({ CONTACT_EMAIL: 'bonjour@unissons.example' });
    expect(legalNotice).toMatchObject({ associationName: '', address: '', director: '', hostName: '', rna: '', email: 'bonjour@unissons.example' });
    expect(readConfig({ LEGAL_EMAIL: 'Legal@Unissons.example', LEGAL_SIRET: '123 456 789 01234' }).legalNotice).toMatchObject({
      email: 'legal@unissons.example',
      siret: '12345678901234',
    });
  });

  it('stop the server on a value the admin’s form would refuse, naming the variable', () => {
    expect(() => readConfig({ LEGAL_RNA: '123' })).toThrow('LEGAL_RNA : Numéro RNA : la lettre W suivie de 9 chiffres, comme W123456789.');
    expect(() => readConfig({ LEGAL_HOST_PHONE: 'nope' })).toThrow(/^LEGAL_HOST_PHONE : /);
    expect(() => readConfig({ LEGAL_EMAIL: 'contact@' })).toThrow(/^LEGAL_EMAIL : Adresse mail/);
    // A CONTACT_EMAIL the notice's stricter rule refuses (no real top-level domain) is named as such.
    expect(() => readConfig({ CONTACT_EMAIL: 'contact@unissons.x' })).toThrow(/^CONTACT_EMAIL \(LEGAL_EMAIL non défini\) : Adresse mail/);
  });
});
