import { describe, expect, it } from 'vitest';
import {
  EMPTY_LEGAL_NOTICE,
  firstLegalNoticeError,
  isValidPhone,
  isValidRna,
  isValidSiret,
  legalNoticeErrors,
  legalNoticeHtml,
  normalizeLegalNotice,
  privacyContactHtml,
  type LegalNotice,
} from './legal-notice';

const complete: LegalNotice = {
  associationName: 'Unissons',
  address: '12 rue du Stade, 69007 Lyon',
  phone: '04 72 00 00 00',
  email: 'contact@unissons.fr',
  director: 'Camille Martin',
  hostName: 'OVH SAS',
  hostAddress: '2 rue Kellermann, 59100 Roubaix',
  hostPhone: '+33 9 72 10 10 07',
  rna: 'W691234567',
  siret: '12345678901234',
  federation: 'Fédération française du sport adapté',
};

describe('the legal notice’s rules', () => {
  it('accepts a complete notice, and an empty one (the page says what is missing)', () => {
    expect(legalNoticeErrors(complete)).toEqual({});
    expect(legalNoticeErrors(EMPTY_LEGAL_NOTICE)).toEqual({});
  });

  it('trims, keeps one line, lowers the e-mail, capitalises the RNA and drops the SIRET’s spaces and unknown keys', () => {
    expect(
      normalizeLegalNotice({ address: ' 12 rue du Stade\n69007   Lyon ', email: ' Contact@Unissons.FR', rna: 'w691234567', siret: '123 456 789 01234', other: 'x' } as never),
    ).toEqual({ ...EMPTY_LEGAL_NOTICE, address: '12 rue du Stade 69007 Lyon', email: 'contact@unissons.fr', rna: 'W691234567', siret: '12345678901234' });
    expect(normalizeLegalNotice({ phone: 42 as never }).phone).toBe('');
  });

  it.each([
    ['01 23 45 67 89', true],
    ['+33 1 23 45 67 89', true],
    ['01.23.45.67.89', true],
    ['(0)1-23-45-67-89', true],
    ['0123', false],
    ['01 23 45 67 89 00 11 22', false],
    ['appelle-nous', false],
    ['01 23 45 67 8a', false],
  ])('telephone %s: %s', (value, valid) => {
    expect(isValidPhone(value)).toBe(valid);
  });

  it('wants W and 9 digits for an RNA number, 14 digits for a SIRET', () => {
    expect(isValidRna('W691234567')).toBe(true);
    for (const value of ['691234567', 'W69123456', 'W6912345678', 'X691234567', 'w691234567']) expect(isValidRna(value), value).toBe(false);
    expect(isValidSiret('12345678901234')).toBe(true);
    for (const value of ['1234567890123', '123456789012345', '1234567890123a']) expect(isValidSiret(value), value).toBe(false);
  });

  it('names each wrong field in French', () => {
    const errors = legalNoticeErrors({ ...complete, phone: '12', email: 'contact@', rna: 'W12', siret: '123', hostPhone: 'non', associationName: 'a'.repeat(151) });
    expect(errors).toEqual({
      associationName: "Nom de l'association : 150 caractères au plus.",
      phone: 'Téléphone : indique un numéro comme 01 23 45 67 89 ou +33 1 23 45 67 89.',
      hostPhone: "Téléphone de l'hébergeur : indique un numéro comme 01 23 45 67 89 ou +33 1 23 45 67 89.",
      email: 'Adresse mail : indique une adresse comme contact@association.fr.',
      rna: 'Numéro RNA : la lettre W suivie de 9 chiffres, comme W123456789.',
      siret: 'Numéro SIRET : 14 chiffres.',
    });
    expect(firstLegalNoticeError({ ...complete, address: 'x'.repeat(301) })).toBe('Adresse du siège : 300 caractères au plus.');
    expect(firstLegalNoticeError(complete)).toBeUndefined();
  });
});

describe('the legal notice’s HTML', () => {
  it('shows every fact, escaped, with mail and telephone links', () => {
    const html = legalNoticeHtml({ ...complete, associationName: 'Unissons <script>' });
    expect(html).toContain("<dt>Nom de l'association</dt><dd>Unissons &lt;script&gt;</dd>");
    expect(html).not.toContain('<script>');
    expect(html).toContain('<a href="mailto:contact@unissons.fr">contact@unissons.fr</a>');
    expect(html).toContain('<a href="tel:0472000000">04 72 00 00 00</a>');
    expect(html).toContain('<a href="tel:+33972101007">+33 9 72 10 10 07</a>');
    expect(html).toContain('W691234567');
    expect(html).toContain('Fédération française du sport adapté');
    expect(html).not.toContain('non renseign');
  });

  it('says plainly what is missing, and leaves the optional facts off when empty', () => {
    const html = legalNoticeHtml({ ...EMPTY_LEGAL_NOTICE, associationName: 'Unissons' });
    expect(html).toContain('<dt>Adresse du siège</dt><dd><span class="legal-notice__missing">non renseignée</span></dd>');
    expect(html).toContain('<dt>Téléphone de l\'hébergeur</dt><dd><span class="legal-notice__missing">non renseigné</span></dd>');
    expect(html).not.toContain('RNA');
    expect(html).not.toContain('SIRET');
    expect(html).not.toContain('Fédération');
    expect(html).not.toMatch(/<dd><\/dd>/);
  });

  it('gives the privacy policy the association’s name, address and e-mail', () => {
    const html = privacyContactHtml(complete);
    expect(html).toContain('Unissons');
    expect(html).toContain('12 rue du Stade, 69007 Lyon');
    expect(html).toContain('mailto:contact@unissons.fr');
    expect(html).not.toContain('OVH');
    expect(privacyContactHtml(EMPTY_LEGAL_NOTICE)).toContain('non renseignée');
  });
});
