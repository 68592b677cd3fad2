// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { apiError, LEA, renderPage, stubApi } from '../../platform/testing/render';
import { UnsubscribePage } from './UnsubscribePage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderAt = (userId: string) =>
  renderPage(<UnsubscribePage />, { path: '/newsletter-unsubscribe/:userId', url: `/newsletter-unsubscribe/${userId}` });

it('asks before unsubscribing: opening the page alone changes nothing', async () => {
  const { calls } = stubApi({
    'GET /api/auth/me': { status: 200, body: LEA },
    'POST /api/fn/newsletter-unsubscribe': { status: 200, body: { data: { unsubscribed: true } } },
  });
  renderAt(LEA.uuid);
  expect(await screen.findByRole('heading', { level: 1, name: 'Se désinscrire de la newsletter' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Me désinscrire' })).toBeTruthy();
  // The page has run what it runs on opening, and again once it knows who is signed in.
  await waitFor(() => expect(screen.getByTestId('auth-status').textContent).toBe('signed-in'));
  expect(calls.some((call) => call.path === '/api/fn/newsletter-unsubscribe')).toBe(false);
  // The member's own link: no warning.
  expect(screen.queryByText(/un autre compte/)).toBeNull();
});

it('unsubscribes on a click, showing a spinner, then the spec’s confirmation', async () => {
  const { calls } = stubApi({
    'GET /api/auth/me': { status: 200, body: LEA },
    'POST /api/fn/newsletter-unsubscribe': { status: 200, body: { data: { unsubscribed: true } } },
  });
  renderAt(LEA.uuid);
  fireEvent.click(await screen.findByRole('button', { name: 'Me désinscrire' }));
  expect(screen.getByText('Désinscription en cours…')).toBeTruthy();
  expect(await screen.findByRole('heading', { level: 1, name: 'Tu a bien été supprimé de la newsletter' })).toBeTruthy();
  expect(calls.filter((call) => call.path === '/api/fn/newsletter-unsubscribe').map((call) => call.body)).toEqual([{ userId: LEA.uuid }]);
  expect(screen.getByRole('link', { name: 'Mon compte' }).getAttribute('href')).toBe('/account');
  // The signed-in member is asked again, so the account page shows the new choice.
  expect(calls.filter((call) => call.path === '/api/auth/me').length).toBeGreaterThanOrEqual(2);
});

it('warns when the link is another account’s, and shows “Une erreur est survenue” with the server’s message', async () => {
  stubApi({
    'GET /api/auth/me': { status: 200, body: LEA },
    'POST /api/fn/newsletter-unsubscribe': apiError(403, 'newsletter/not-your-account', 'Ce lien de désinscription correspond à un autre compte 🙁'),
  });
  renderAt('7a0c1e52-1111-4a4a-9b9b-000000000009');
  expect(await screen.findByText('Attention : ce lien concerne un autre compte que le tien.')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Me désinscrire' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Une erreur est survenue' })).toBeTruthy();
  expect(screen.getByRole('alert').textContent).toContain('Ce lien de désinscription correspond à un autre compte 🙁');
});

it('takes a link of a newsletter sent from the Firebase site, naming the member by their old uid, as theirs', async () => {
  const movedIn = { ...LEA, firebaseUid: 'Xq3TzK9pLm2bVcR7sD4fGh8jKl01' };
  const { calls } = stubApi({
    'GET /api/auth/me': { status: 200, body: movedIn },
    'POST /api/fn/newsletter-unsubscribe': { status: 200, body: { data: { unsubscribed: true } } },
  });
  renderAt(movedIn.firebaseUid);
  await waitFor(() => expect(screen.getByTestId('auth-status').textContent).toBe('signed-in'));
  expect(screen.queryByText(/un autre compte/)).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Me désinscrire' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Tu a bien été supprimé de la newsletter' })).toBeTruthy();
  expect(calls.filter((call) => call.path === '/api/fn/newsletter-unsubscribe').map((call) => call.body)).toEqual([{ userId: movedIn.firebaseUid }]);
});
