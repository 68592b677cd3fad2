// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { EMPTY_LEGAL_NOTICE } from '../../../shared/legal-notice';
import type { PublishedText } from '../../../shared/text-pages';
import { stubApi } from '../../platform/testing/render';
import { PrivacyPolicy } from './PrivacyPolicy';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const policy: PublishedText = {
  id: 'privacy-policy',
  version: 3,
  title: 'Politique de confidentialité',
  description: 'Tes données',
  applicable: '1er novembre 2023',
  html: '<h2 id="1-generalites">1. Généralités</h2><p>Texte</p><h2 id="11-contact">11. Contact</h2><p>Écris aux coordonnées ci-dessous.</p>',
  headings: [
    { depth: 2, id: '1-generalites', text: '1. Généralités' },
    { depth: 2, id: '7-tes-droits', text: '7. Tes droits' },
    { depth: 3, id: '7-1-droit-d-acces', text: "7.1 Droit d'accès" },
    { depth: 2, id: '11-contact', text: '11. Contact' },
  ],
};

// Reached by a navigation inside the site: the page the server wrote is not there, the text is loaded.
it('shows the published title, its date, a table of contents nesting sub-sections, the text, then the contact', async () => {
  stubApi({
    'GET /api/texts/privacy-policy': { status: 200, body: policy },
    'GET /api/legal-notice': { status: 200, body: { ...EMPTY_LEGAL_NOTICE, associationName: 'Unissons', email: 'contact@unissons.fr' } },
  });
  render(
    <MemoryRouter>
      <PrivacyPolicy />
    </MemoryRouter>,
  );
  expect(await screen.findByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeTruthy();
  expect(screen.getByText('Applicable à compter du 1er novembre 2023')).toBeTruthy();
  const toc = await screen.findByRole('navigation', { name: 'Sommaire' });
  const rights = await within(toc).findByRole('link', { name: '7. Tes droits' });
  expect(within(rights.parentElement!).getByRole('link', { name: "7.1 Droit d'accès" }).getAttribute('href')).toBe('#7-1-droit-d-acces');
  expect(await screen.findByText('Texte')).toBeTruthy();
  expect((await screen.findByRole('link', { name: 'contact@unissons.fr' })).getAttribute('href')).toBe('mailto:contact@unissons.fr');
  const text = screen.getByText('Écris aux coordonnées ci-dessous.');
  expect(text.compareDocumentPosition(screen.getByText('Unissons')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(document.querySelector('[data-server-part="privacy-policy-body"]')!.className).toBe('prose legal-page__body');
});
