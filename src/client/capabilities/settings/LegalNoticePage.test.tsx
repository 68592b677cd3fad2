// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { EMPTY_LEGAL_NOTICE, legalNoticeHtml } from '../../../shared/legal-notice';
import { stubApi } from '../../platform/testing/render';
import { LegalNoticePage } from './LegalNoticePage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const page = () => render(<RouterProvider router={createMemoryRouter([{ path: '/', element: <LegalNoticePage /> }])} />);

const FREE_TEXT = '<h2 id="credits"><a class="heading-link" href="#credits">Crédits</a></h2><p>Nos photos.</p>';

it('takes the facts and the free text the server wrote into the loaded page as they are, asking nothing more', () => {
  const written = legalNoticeHtml({ ...EMPTY_LEGAL_NOTICE, associationName: 'Écrit par le serveur' });
  const place = document.createElement('div');
  place.setAttribute('data-server-part', 'legal-notice');
  place.innerHTML = written;
  const freeText = document.createElement('div');
  freeText.setAttribute('data-server-part', 'legal-notice-text');
  freeText.innerHTML = FREE_TEXT;
  document.body.append(place, freeText);
  const { fetchMock } = stubApi({});
  page();
  expect(screen.getByRole('heading', { level: 1, name: 'Mentions légales' })).toBeTruthy();
  expect(document.querySelectorAll('[data-server-part="legal-notice"]')[1].innerHTML).toBe(place.innerHTML);
  expect(document.querySelectorAll('[data-server-part="legal-notice-text"]')[1].innerHTML).toBe(FREE_TEXT);
  expect(screen.queryByRole('status')).toBeNull();
  expect(fetchMock).not.toHaveBeenCalled();
});

it('after a navigation, loads the facts and the free text and renders them as the server does', async () => {
  stubApi({
    'GET /api/legal-notice': { status: 200, body: { ...EMPTY_LEGAL_NOTICE, associationName: 'Unissons', hostName: 'OVH SAS' } },
    'GET /api/texts/legal-notice': {
      status: 200,
      body: { id: 'legal-notice', version: 2, title: 'Mentions légales', description: '', applicable: '', html: FREE_TEXT, headings: [{ depth: 2, id: 'credits', text: 'Crédits' }] },
    },
  });
  page();
  expect(screen.getByRole('status').textContent).toContain('Chargement des mentions légales');
  expect(await screen.findByText('OVH SAS')).toBeTruthy();
  expect(screen.getByRole('heading', { level: 2, name: 'Hébergement' })).toBeTruthy();
  expect(screen.getAllByText('non renseignée').length).toBeGreaterThan(0);
  expect(screen.getByRole('link', { name: 'politique de confidentialité' }).getAttribute('href')).toBe('/calshare/privacy_policy');
  expect(await screen.findByText('Nos photos.')).toBeTruthy();
});
