import { expect, it } from 'vitest';
import { defaultPublicConfig } from '../../../shared/public-config';
import { newsletterMail, prepareLetter } from './mail';

const site = { ...defaultPublicConfig, publicUrl: 'https://unissons.fr' };
const recipient = { userId: '7a0c1e52-1111-4a4a-9b9b-000000000001', email: 'lea@exemple.fr', name: 'Léa <3' };

it('builds one recipient’s newsletter: subject, preheader, greeting, personal links and RFC 8058 headers', () => {
  const letter = prepareLetter({ title: 'Nouvelles <de> mars', description: 'Le "tournoi" & la sortie', letter: 'Du **nouveau**' });
  const mail = newsletterMail(site, letter, recipient, 'TOKEN');
  expect(mail.to).toBe('lea@exemple.fr');
  expect(mail.subject).toBe('Nouvelles <de> mars');
  // Title and description are text: escaped wherever they land in the HTML.
  expect(mail.html).toContain('<title>Nouvelles &lt;de&gt; mars</title>');
  expect(mail.html).toContain('Le &quot;tournoi&quot; &amp; la sortie');
  expect(mail.html).toContain('Bonjour Léa &lt;3,');
  expect(mail.html).toContain('Du <strong>nouveau</strong>');
  expect(mail.html).toContain('href="https://unissons.fr/newsletter-unsubscribe/7a0c1e52-1111-4a4a-9b9b-000000000001"');
  expect(mail.text).toContain('Bonjour Léa <3,\n\nDu nouveau');
  expect(mail.text).toContain('Se désinscrire de la newsletter : https://unissons.fr/newsletter-unsubscribe/7a0c1e52-1111-4a4a-9b9b-000000000001');
  expect(mail.headers).toEqual({
    'List-Unsubscribe': '<https://unissons.fr/api/newsletter/one-click?token=TOKEN>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  });
});

it('gives every copy of one newsletter to one member the same Message-ID, a test mail none of its own', () => {
  const letter = prepareLetter({ title: 'Mars', description: 'Les nouvelles', letter: 'Du nouveau' });
  const newsletterId = '3f2b8c1d-2222-4b4b-8c8c-000000000002';
  const sent = newsletterMail(site, letter, recipient, 'TOKEN', newsletterId);
  expect(sent.headers?.['Message-ID']).toBe(`<newsletter.${newsletterId}.${recipient.userId}@unissons.fr>`);
  expect(newsletterMail(site, letter, recipient, 'OTHER', newsletterId).headers?.['Message-ID']).toBe(sent.headers?.['Message-ID']);
  expect(newsletterMail(site, letter, { ...recipient, userId: '7a0c1e52-1111-4a4a-9b9b-000000000009' }, 'TOKEN', newsletterId).headers?.['Message-ID']).not.toBe(
    sent.headers?.['Message-ID'],
  );
  expect(newsletterMail(site, letter, recipient, 'TOKEN').headers).not.toHaveProperty('Message-ID');
});
