// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { apiError, LEA, renderPage, stubApi } from '../auth/test-helpers';
import { UnsubscribePage } from './UnsubscribePage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderAt = (userId: string) =>
  renderPage(<UnsubscribePage />, { path: '/newsletter-unsubscribe/:userId', url: `/newsletter-unsubscribe/${userId}` });

it('unsubscribes on load, showing a spinner, then the spec’s confirmation', async () => {
  const { calls } = stubApi({
    'GET /api/auth/me': { status: 200, body: LEA },
    'POST /api/fn/newsletter-unsubscribe': { status: 200, body: { data: { unsubscribed: true } } },
  });
  renderAt(LEA.uuid);
  expect(screen.getByText('Désinscription en cours…')).toBeTruthy();
  expect(await screen.findByRole('heading', { level: 1, name: 'Tu a bien été supprimé de la newsletter' })).toBeTruthy();
  expect(calls.find((call) => call.path === '/api/fn/newsletter-unsubscribe')!.body).toEqual({ userId: LEA.uuid });
  expect(screen.getByRole('link', { name: 'Mon compte' }).getAttribute('href')).toBe('/account');
  // The signed-in member is asked again, so the account page shows the new choice.
  expect(calls.filter((call) => call.path === '/api/auth/me').length).toBeGreaterThanOrEqual(2);
});

it('shows “Une erreur est survenue” with the server’s message', async () => {
  stubApi({
    'GET /api/auth/me': { status: 200, body: LEA },
    'POST /api/fn/newsletter-unsubscribe': apiError(403, 'newsletter/not-your-account', 'Ce lien de désinscription correspond à un autre compte 🙁'),
  });
  renderAt('7a0c1e52-1111-4a4a-9b9b-000000000009');
  expect(await screen.findByRole('heading', { level: 1, name: 'Une erreur est survenue' })).toBeTruthy();
  expect(screen.getByRole('alert').textContent).toContain('Ce lien de désinscription correspond à un autre compte 🙁');
});
