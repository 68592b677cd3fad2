// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, LEA, renderPage, stubApi } from '../../platform/testing/render';
import { turnOffTwoFactor, updateProfile } from './api';
import { ReauthenticationDialog } from './ReauthenticationDialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REQUIRED = apiError(403, 'auth/reauthentication-required', "Pour cette action, confirme d'abord que c'est bien toi (mot de passe, code ou clé d'accès) 🙁");

/** A sensitive act (here, any write) that the server refuses until the password was given again. */
function siteAsking() {
  let confirmed = false;
  return stubApi({
    'GET /api/auth/me': { status: 200, body: LEA },
    'PATCH /api/account/profile': () => (confirmed ? { status: 200, body: { ...LEA, bio: 'Nouvelle bio' } } : REQUIRED),
    'POST /api/auth/reauthenticate': (call) => {
      if ((call.body as { password?: string }).password !== 'le-bon') return apiError(401, 'auth/wrong-password', 'Mot de passe incorrect 🙁');
      confirmed = true;
      return { status: 204 };
    },
  });
}

describe('the re-authentication dialog', () => {
  it('asks the password when an act needs it, then sends the act again', async () => {
    const { calls } = siteAsking();
    renderPage(<ReauthenticationDialog />);
    const act = updateProfile({ bio: 'Nouvelle bio' });
    await screen.findByRole('heading', { name: "Confirme que c'est bien toi" });
    fireEvent.change(screen.getByLabelText('Mot de passe'), { target: { value: 'faux' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Mot de passe incorrect');
    fireEvent.change(screen.getByLabelText('Mot de passe'), { target: { value: 'le-bon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer' }));
    await expect(act).resolves.toMatchObject({ bio: 'Nouvelle bio' });
    expect(calls.filter((call) => call.path === '/api/account/profile')).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('heading', { name: "Confirme que c'est bien toi" })).toBeNull());
  });

  it('asks a code, never the password alone, when the act touches the factors', async () => {
    let confirmed = false;
    const { calls } = stubApi({
      'GET /api/auth/me': { status: 200, body: LEA },
      'DELETE /api/account/two-factor': () =>
        confirmed
          ? { status: 200, body: { enabled: false, totp: false, passkeys: 0, recoveryCodesLeft: 0 } }
          : apiError(403, 'auth/factor-confirmation-required', 'Cette action touche à la protection de ton compte 🙁'),
      'POST /api/auth/reauthenticate': () => {
        confirmed = true;
        return { status: 204 };
      },
    });
    renderPage(<ReauthenticationDialog />);
    const act = turnOffTwoFactor();
    await screen.findByRole('heading', { name: "Confirme que c'est bien toi" });
    expect(screen.queryByLabelText('Mot de passe')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Utiliser mon mot de passe' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Code de l’application ou code de secours'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer' }));
    await expect(act).resolves.toMatchObject({ enabled: false });
    expect(calls.find((call) => call.path === '/api/auth/reauthenticate')?.body).toEqual({ code: '123456' });
  });

  it('leaves the act undone, with its message, when the member cancels', async () => {
    siteAsking();
    renderPage(<ReauthenticationDialog />);
    const act = updateProfile({ bio: 'Nouvelle bio' });
    await screen.findByRole('heading', { name: "Confirme que c'est bien toi" });
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    await expect(act).rejects.toMatchObject({ code: 'auth/reauthentication-required' });
  });
});
