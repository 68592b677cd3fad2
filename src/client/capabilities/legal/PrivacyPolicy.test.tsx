// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { EMPTY_LEGAL_NOTICE } from '../../../shared/legal-notice';
import { stubApi } from '../../platform/testing/render';
import { PrivacyPolicy, tableOfContents } from './PrivacyPolicy';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const policy = {
  title: 'Politique de confidentialité',
  applicable: '1er novembre 2023',
  html: '<h2 id="1-generalites">1. Généralités</h2><p>Texte</p>',
  headings: [
    { depth: 2 as const, id: '1-generalites', text: '1. Généralités' },
    { depth: 2 as const, id: '7-tes-droits', text: '7. Tes droits' },
    { depth: 3 as const, id: '7-1-droit-d-acces', text: "7.1 Droit d'accès" },
    { depth: 3 as const, id: '7-3-droit-a-l-effacement', text: "7.3 Droit à l'effacement" },
  ],
};

it('nests the sub-sections under their section', () => {
  expect(tableOfContents(policy.headings)).toEqual([
    { id: '1-generalites', text: '1. Généralités', children: [] },
    {
      id: '7-tes-droits',
      text: '7. Tes droits',
      children: [
        { id: '7-1-droit-d-acces', text: "7.1 Droit d'accès" },
        { id: '7-3-droit-a-l-effacement', text: "7.3 Droit à l'effacement" },
      ],
    },
  ]);
});

it('shows the title, the date it applies from and a table of contents linking to each section', () => {
  render(<PrivacyPolicy policy={policy} />);
  expect(screen.getByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeTruthy();
  expect(screen.getByText('Applicable à compter du 1er novembre 2023')).toBeTruthy();
  const toc = screen.getByRole('navigation', { name: 'Sommaire' });
  expect(within(toc).getByRole('link', { name: "7.1 Droit d'accès" }).getAttribute('href')).toBe('#7-1-droit-d-acces');
  expect(screen.getByText('Texte')).toBeTruthy();
});

it("shows section 11's contact, the legal notice's facts, after the text", async () => {
  stubApi({ 'GET /api/legal-notice': { status: 200, body: { ...EMPTY_LEGAL_NOTICE, associationName: 'Unissons', email: 'contact@unissons.fr' } } });
  render(
    <MemoryRouter>
      <PrivacyPolicy policy={{ ...policy, html: '<h2 id="11-contact">11. Contact</h2><p>Écris aux coordonnées ci-dessous.</p>' }} />
    </MemoryRouter>,
  );
  expect((await screen.findByRole('link', { name: 'contact@unissons.fr' })).getAttribute('href')).toBe('mailto:contact@unissons.fr');
  expect(screen.getByText('Unissons')).toBeTruthy();
  const text = screen.getByText('Écris aux coordonnées ci-dessous.');
  expect(text.compareDocumentPosition(screen.getByText('Unissons')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(document.querySelectorAll('[data-server-part="privacy-contact"]')).toHaveLength(1);
});
