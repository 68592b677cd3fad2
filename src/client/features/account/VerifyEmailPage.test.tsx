// @vitest-environment happy-dom
import { StrictMode } from 'react';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { apiError, LEA, renderPage, SIGNED_OUT, stubApi } from '../auth/test-helpers';
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
    'POST /api/auth/verify-email': { status: 200, body: { email: 'lea@example.fr', changed: false } },
  });
  open();
  expect(await screen.findByRole('heading', { level: 1, name: 'Adresse mail vérifiée' })).toBeTruthy();
  expect(screen.getByText('lea@example.fr')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Me connecter' }).getAttribute('href')).toBe('/account');
  // Once, even where React runs effects twice.
  expect(calls.filter((call) => call.path === '/api/auth/verify-email').map((call) => call.body)).toEqual([{ token: TOKEN }]);
});

it('says when a new address replaced the old one', async () => {
  stubApi({
    'GET /api/auth/me': { status: 200, body: LEA },
    'POST /api/auth/verify-email': { status: 200, body: { email: 'lea.nouvelle@exemple.fr', changed: true } },
  });
  open();
  expect(await screen.findByRole('heading', { level: 1, name: 'Nouvelle adresse confirmée' })).toBeTruthy();
  expect(screen.getByText('lea.nouvelle@exemple.fr')).toBeTruthy();
});

it('tells a signed-out visitor with a used link to sign in for a new one', async () => {
  stubApi({ 'GET /api/auth/me': SIGNED_OUT, 'POST /api/auth/verify-email': USED });
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
