// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, LEA, renderPage, stubApi } from '../../platform/testing/render';
import { updateProfile } from './api';
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

  it('leaves the act undone, with its message, when the member cancels', async () => {
    siteAsking();
    renderPage(<ReauthenticationDialog />);
    const act = updateProfile({ bio: 'Nouvelle bio' });
    await screen.findByRole('heading', { name: "Confirme que c'est bien toi" });
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    await expect(act).rejects.toMatchObject({ code: 'auth/reauthentication-required' });
  });
});
