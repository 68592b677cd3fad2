// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../shared/user';
import { apiError, LEA, renderPage, stubApi } from '../../platform/testing/render';
import { AccountPage } from './AccountPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const UNVERIFIED: CurrentUser = { ...LEA, emailVerified: false };

/** The account page of a member whose address the test verifies "in the mail app". */
async function renderUnverified(routes: Parameters<typeof stubApi>[0] = {}) {
  let current = UNVERIFIED;
  const api = stubApi({
    'GET /api/auth/me': () => ({ status: 200, body: current }),
    // No passkey and no second factor, as most members.
    'GET /api/account/passkeys': () => ({ status: 200, body: { passkeys: [] } }),
    'GET /api/account/two-factor': () => ({ status: 200, body: { enabled: false, totp: false, passkeys: 0, recoveryCodesLeft: 0 } }),
    'GET /api/account/sessions': () => ({ status: 200, body: { sessions: [] } }),
    ...routes,
  });
  renderPage(<AccountPage />);
  await screen.findByRole('heading', { level: 2, name: 'Vérifie ton adresse mail' }, { timeout: 5000 });
  // The heading can show before the effects of its render ran (the tab's listener among them):
  // a loaded machine left the test's 'visibilitychange' with no one to hear it.
  await act(async () => {});
  return {
    ...api,
    verifyElsewhere() {
      current = LEA;
    },
  };
}

function showTab(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

it('asks again when the tab comes back to the front, and says the address is verified', async () => {
  const { calls, verifyElsewhere } = await renderUnverified();
  const asked = () => calls.filter((call) => call.path === '/api/auth/me').length;
  const before = asked();
  verifyElsewhere();
  act(() => showTab('hidden'));
  expect(asked()).toBe(before);
  act(() => showTab('visible'));
  expect(await screen.findByRole('heading', { level: 2, name: 'Adresse mail vérifiée' }, { timeout: 5000 })).toBeTruthy();
  expect(asked()).toBe(before + 1);
  expect(screen.queryByRole('heading', { name: 'Vérifie ton adresse mail' })).toBeNull();
  expect(screen.getByRole('heading', { name: 'Adresse mail vérifiée' }).closest('[role=status]')?.textContent).toContain('lea@example.fr');
});

it("answers 'Renvoyer le mail' for an address verified meanwhile with good news, not an error box", async () => {
  const { verifyElsewhere } = await renderUnverified({
    'POST /api/account/verification-mail': apiError(409, 'users/email-already-verified', 'Ton adresse mail est déjà vérifiée 🙂'),
  });
  verifyElsewhere();
  fireEvent.click(screen.getByRole('button', { name: 'Renvoyer le mail' }));
  expect(await screen.findByRole('heading', { level: 2, name: 'Adresse mail vérifiée' }, { timeout: 5000 })).toBeTruthy();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Renvoyer le mail' })).toBeNull();
});

it('shows nothing to a member whose address was verified before', async () => {
  stubApi({ 'GET /api/auth/me': { status: 200, body: LEA } });
  renderPage(<AccountPage />);
  await screen.findByRole('heading', { level: 1 });
  expect(screen.queryByRole('heading', { name: /Adresse mail vérifiée|Vérifie ton adresse mail/ })).toBeNull();
});
