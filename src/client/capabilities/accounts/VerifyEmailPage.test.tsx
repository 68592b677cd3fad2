// @vitest-environment happy-dom
import { StrictMode } from 'react';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { VerificationLinkPreview } from '../../../shared/accounts';
import { apiError, LEA, renderPage, SIGNED_OUT, stubApi, type FakeReply } from '../../platform/testing/render';
import { VerifyEmailPage } from './VerifyEmailPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOKEN = 'q9Xr0yH3bA8kLmN2pQ4sT6uV8wY0zA1bC3dE5fG7hI9';
const USED = apiError(
  410,
  'users/verification-link-used',
  "Ce lien de vérification a déjà servi : il ne fonctionne qu'une fois 🙁",
);
const ASKS_NOTHING: FakeReply<VerificationLinkPreview> = { status: 200, body: { change: false } };
const CHANGE: FakeReply<VerificationLinkPreview> = { status: 200, body: { change: true, email: 'lea.nouvelle@exemple.fr', accountName: 'lea93' } };
const open = () =>
  renderPage(
    <StrictMode>
      <VerifyEmailPage />
    </StrictMode>,
    { path: '/verifier-adresse/:token', url: `/verifier-adresse/${TOKEN}` },
  );

it('verifies the address once as it opens, and says so', async () => {
  const { calls } = stubApi({
    'GET /api/auth/me': SIGNED_OUT,
    'POST /api/auth/verification-link': ASKS_NOTHING,
    'POST /api/auth/verify-email': { status: 200, body: { email: 'lea@example.fr', changed: false } },
  });
  open();
  expect(await screen.findByRole('heading', { level: 1, name: 'Adresse mail vérifiée' })).toBeTruthy();
  expect(screen.getByText('lea@example.fr')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Me connecter' }).getAttribute('href')).toBe('/account');
  // Once, even where React runs effects twice.
  expect(calls.filter((call) => call.path === '/api/auth/verify-email').map((call) => call.body)).toEqual([{ token: TOKEN }]);
});

it('asks before a change of address and confirms it only on the click, with a spinner meanwhile', async () => {
  let answer: () => void = () => {};
  const { calls, fetchMock } = stubApi({
    'GET /api/auth/me': SIGNED_OUT,
    'POST /api/auth/verification-link': CHANGE,
    'POST /api/auth/verify-email': { status: 200, body: { email: 'lea.nouvelle@exemple.fr', changed: true } },
  });
  const stubbed = fetchMock.getMockImplementation()!;
  // The confirmation waits until the test lets it answer, to see the page meanwhile.
  fetchMock.mockImplementation(async (input, init) => {
    if (String(input) !== '/api/auth/verify-email') return stubbed(input, init);
    await new Promise<void>((resolve) => (answer = resolve));
    return stubbed(input, init);
  });
  open();
  expect(await screen.findByRole('heading', { level: 1, name: "Changement d'adresse mail" })).toBeTruthy();
  const question = screen.getByText(/devient l'adresse du compte/);
  expect(question.textContent).toBe("Confirmer que lea.nouvelle@exemple.fr devient l'adresse du compte lea93 ?");
  // Opening the page used nothing: only the question was asked.
  expect(calls.filter((call) => call.path.startsWith('/api/auth/verif')).map((call) => call.path)).toEqual(['/api/auth/verification-link']);
  expect(calls.find((call) => call.path === '/api/auth/verification-link')?.body).toEqual({ token: TOKEN });

  fireEvent.click(screen.getByRole('button', { name: 'Confirmer' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Confirmer' }).getAttribute('aria-busy')).toBe('true'));
  expect(screen.getByRole('status').textContent).toBe('Confirmation en cours…');
  // A second click while it runs sends nothing more.
  fireEvent.click(screen.getByRole('button', { name: 'Confirmer' }));
  answer();
  const done = await screen.findByRole('heading', { level: 1, name: 'Nouvelle adresse confirmée' });
  expect(screen.getByText('lea.nouvelle@exemple.fr')).toBeTruthy();
  await waitFor(() => expect(document.activeElement).toBe(done));
  expect(calls.filter((call) => call.path === '/api/auth/verify-email').map((call) => call.body)).toEqual([{ token: TOKEN }]);
});

it('says in French why a change cannot be confirmed: a suspended account, a link expired meanwhile', async () => {
  stubApi({
    'GET /api/auth/me': SIGNED_OUT,
    'POST /api/auth/verification-link': apiError(
      403,
      'users/email-change-suspended',
      "Ce compte a été suspendu par l'équipe de l'association : son adresse mail ne peut pas changer. Écris-nous pour en savoir plus 🙁",
    ),
  });
  open();
  expect(await screen.findByRole('heading', { level: 1, name: "Ton adresse n'a pas pu être vérifiée" })).toBeTruthy();
  expect(screen.getByRole('alert').textContent).toContain('son adresse mail ne peut pas changer');
  expect(screen.queryByRole('button', { name: 'Confirmer' })).toBeNull();
  cleanup();

  stubApi({
    'GET /api/auth/me': SIGNED_OUT,
    'POST /api/auth/verification-link': CHANGE,
    'POST /api/auth/verify-email': apiError(410, 'users/verification-link-expired', 'Ce lien de vérification a expiré : il ne fonctionne que 48 heures 🙁'),
  });
  open();
  fireEvent.click(await screen.findByRole('button', { name: 'Confirmer' }));
  const heading = await screen.findByRole('heading', { level: 1, name: 'Ce lien ne fonctionne plus' });
  expect(screen.getByRole('alert').textContent).toContain('il ne fonctionne que 48 heures');
  await waitFor(() => expect(document.activeElement).toBe(heading));
});

it('tells a signed-out visitor with a used link to sign in for a new one', async () => {
  stubApi({ 'GET /api/auth/me': SIGNED_OUT, 'POST /api/auth/verification-link': ASKS_NOTHING, 'POST /api/auth/verify-email': USED });
  open();
  expect(await screen.findByRole('heading', { level: 1, name: 'Ce lien ne fonctionne plus' })).toBeTruthy();
  expect(screen.getByRole('alert').textContent).toContain(
    "Ce lien de vérification a déjà servi : il ne fonctionne qu'une fois 🙁",
  );
  expect(screen.getByText(/connecte-toi : le bouton « Renvoyer le mail » t'attend sur ton compte/)).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Renvoyer le mail' })).toBeNull();
});

it("offers 'Renvoyer le mail' to a signed-in member whose address is not verified", async () => {
  stubApi({
    'GET /api/auth/me': { status: 200, body: { ...LEA, emailVerified: false } },
    'POST /api/auth/verification-link': ASKS_NOTHING,
    'POST /api/auth/verify-email': apiError(
      410,
      'users/verification-link-expired',
      'Ce lien de vérification a expiré : il ne fonctionne que 48 heures 🙁',
    ),
  });
  open();
  expect(await screen.findByRole('button', { name: 'Renvoyer le mail' })).toBeTruthy();
  expect(screen.getByRole('alert').textContent).toContain('il ne fonctionne que 48 heures');
});

it('tells a signed-in member whose address is verified that a used link did its work, as good news', async () => {
  stubApi({ 'GET /api/auth/me': { status: 200, body: LEA }, 'POST /api/auth/verification-link': ASKS_NOTHING, 'POST /api/auth/verify-email': USED });
  open();
  expect(await screen.findByRole('heading', { level: 1, name: 'Adresse mail déjà vérifiée' })).toBeTruthy();
  expect(document.querySelector('.verify-email__text')?.textContent).toContain("l'adresse de ton compte, lea@example.fr, est vérifiée");
  expect(screen.queryByRole('alert')).toBeNull();
});
