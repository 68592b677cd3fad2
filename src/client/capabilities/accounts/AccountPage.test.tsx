// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../shared/user';
import { apiError, LEA, renderPage, SIGNED_OUT, stubApi, type FakeReply } from '../../platform/testing/render';
import { AccountPage } from './AccountPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CLUB: CurrentUser = {
  ...LEA,
  uuid: '7a0c1e52-1111-4a4a-9b9b-000000000002',
  username: 'Club de Rugby',
  firstname: '',
  lastname: '',
  email: 'contact@club.fr',
  bio: '',
  accountType: 'organisation',
};

/** The page for `user`, whose account the fake API keeps up to date. */
async function renderAccount(user: CurrentUser, routes: Parameters<typeof stubApi>[0] = {}) {
  let current: CurrentUser | undefined = user;
  const api = stubApi({
    'GET /api/auth/me': () => (current ? { status: 200, body: current } : SIGNED_OUT),
    // A member with no passkey and no second factor, as most are.
    'GET /api/account/passkeys': () => ({ status: 200, body: { passkeys: [] } }),
    'GET /api/account/two-factor': () => ({ status: 200, body: { enabled: false, totp: false, passkeys: 0, recoveryCodesLeft: 0 } }),
    'GET /api/account/sessions': () => ({ status: 200, body: { sessions: [] } }),
    'POST /api/auth/logout': () => {
      current = undefined;
      return { status: 204 };
    },
    ...routes,
  });
  const rendered = renderPage(<AccountPage />);
  await screen.findByRole('heading', { level: 1 });
  return {
    ...api,
    ...rendered,
    setUser(next: CurrentUser | undefined) {
      current = next;
    },
  };
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('profile', () => {
  it('shows a member with greeting, name, handle, bio, default picture and links', async () => {
    await renderAccount(LEA);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Léa Martin');
    expect(screen.getByText('Salut Léa 👋')).toBeTruthy();
    expect(screen.getByText('@lea93')).toBeTruthy();
    expect(screen.getByText('Coureuse du dimanche.', { selector: 'p' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Photo de profil de Léa Martin' }).textContent).toBe('LM');
    expect(screen.getByRole('link', { name: 'Voter pour un sport' }).getAttribute('href')).toBe('/vote');
    expect(screen.getByRole('link', { name: 'Laisser une marque' }).getAttribute('href')).toBe('/leave-a-print');
    expect(screen.getByRole('link', { name: 'Télécharger mes données' }).getAttribute('href')).toBe('/api/account/export');
  });

  it('shows an organisation by its name and e-mail, with its uploaded picture', async () => {
    await renderAccount({ ...CLUB, profilePic: '/media/club.webp' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Club de Rugby');
    expect(screen.getByText('Bonjour Club de Rugby 👋')).toBeTruthy();
    expect(screen.getByText('contact@club.fr', { selector: '.profile-card__handle' })).toBeTruthy();
    const picture = screen.getByRole('img', { name: 'Photo de profil de Club de Rugby' });
    expect(picture.getAttribute('src')).toBe('/media/club.webp');
    expect(screen.getByRole('button', { name: 'Retirer la photo' })).toBeTruthy();
  });

  it('signs out and returns home', async () => {
    const { calls } = await renderAccount(LEA);
    fireEvent.click(screen.getByRole('button', { name: 'Se déconnecter' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/auth/logout')).toBe(true);
  });
});

describe('settings', () => {
  it('saves the bio with a counter', async () => {
    const { calls, setUser } = await renderAccount(LEA, {
      'PATCH /api/account/profile': ({ body }) => {
        const next = { ...LEA, bio: (body as { bio: string }).bio };
        setUser(next);
        return { status: 200, body: next };
      },
    });
    const bio = screen.getByLabelText('Bio');
    expect(screen.getByText('21/300')).toBeTruthy();
    fireEvent.change(bio, { target: { value: '  Trail et vélo.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer la bio' }));
    expect(await screen.findByText('Bio enregistrée.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ bio: 'Trail et vélo.' });
    expect(screen.getAllByText('Trail et vélo.').length).toBeGreaterThan(0);
  });

  it('refuses a picture of the wrong type before sending it', async () => {
    const { calls } = await renderAccount(LEA);
    const input = screen.getByLabelText('Photo de profil') as HTMLInputElement;
    const gif = new File(['GIF89a'], 'anim.gif', { type: 'image/gif' });
    fireEvent.change(input, { target: { files: [gif] } });
    expect(screen.getByText('Choisis une image PNG, JPEG ou WebP.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enregistrer la photo' }).getAttribute('aria-disabled')).toBe('true');
    expect(calls.some((call) => call.path === '/api/account/picture')).toBe(false);
  });

  it("removes every passkey from 'Mes sessions', and the passkeys' list follows", async () => {
    let passkeys = [
      { id: 'a', name: 'Téléphone', createdAt: '2026-11-01T10:00:00.000Z', lastUsedAt: null },
      { id: 'b', name: 'Clé inconnue', createdAt: '2026-12-01T10:00:00.000Z', lastUsedAt: null },
    ];
    await renderAccount(LEA, {
      'GET /api/account/passkeys': () => ({ status: 200, body: { passkeys } }),
      'DELETE /api/account/passkeys': () => {
        const removed = passkeys.length;
        passkeys = [];
        return { status: 200, body: { removed } };
      },
    });
    const sessions = screen.getByRole('region', { name: 'Mes sessions' });
    const removeAll = await within(sessions).findByRole('button', { name: "Retirer toutes mes clés d'accès" });
    expect(await screen.findByRole('listitem', { name: 'Clé inconnue' })).toBeTruthy();
    fireEvent.click(removeAll);
    expect(await within(sessions).findByText("Tes 2 clés d'accès sont retirées.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Clé inconnue' })).toBeNull());
    await waitFor(() => expect(within(sessions).queryByRole('button', { name: "Retirer toutes mes clés d'accès" })).toBeNull());
  });

  it('changes the password with the current one', async () => {
    const { calls } = await renderAccount(LEA, { 'PUT /api/account/password': { status: 204 } });
    type('Mot de passe actuel', 'Ancien-mot-2!');
    type('Nouveau mot de passe', 'Nouveau-mot-2025!');
    type('Confirmation du mot de passe', 'Nouveau-mot-2025!');
    fireEvent.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await screen.findByText('Ton nouveau mot de passe est enregistré.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      currentPassword: 'Ancien-mot-2!',
      newPassword: 'Nouveau-mot-2025!',
    });
  });

  it('deletes the account after the password confirms it, then goes to the page that says so', async () => {
    const { calls, setUser } = await renderAccount(LEA, {
      'DELETE /api/account': ({ body }) => {
        if ((body as { password: string }).password !== 'Bon-mot-2025!') {
          return apiError(401, 'auth/wrong-password', 'Mot de passe incorrect 🙁');
        }
        setUser(undefined);
        return { status: 204 };
      },
    });
    expect(screen.getByText(/signé « Inconnu »/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
    const password = screen.getByLabelText('Confirme avec ton mot de passe');
    expect(document.activeElement).toBe(password);
    // The button names what it waits for, and sends nothing without it.
    expect(screen.getByText('À compléter : Confirme avec ton mot de passe')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer définitivement' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    type('Confirme avec ton mot de passe', 'faux');
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer définitivement' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Mot de passe incorrect 🙁');

    type('Confirme avec ton mot de passe', 'Bon-mot-2025!');
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer définitivement' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/compte-supprime'));
    expect(calls.filter((call) => call.method === 'DELETE').at(-1)?.body).toEqual({ password: 'Bon-mot-2025!' });
  });
});

describe('e-mail address (decision 0018)', () => {
  it('shows no notice once the address is verified', async () => {
    await renderAccount(LEA);
    expect(screen.queryByRole('region', { name: 'Vérifie ton adresse mail' })).toBeNull();
    expect(screen.getByText('vérifiée', { exact: true })).toBeTruthy();
  });

  it("reminds an unverified member, whose 'Renvoyer le mail' sends a link or shows the limit", async () => {
    let answer: FakeReply<undefined> = { status: 204 };
    const { calls } = await renderAccount({ ...LEA, emailVerified: false }, { 'POST /api/account/verification-mail': () => answer });
    const notice = screen.getByRole('region', { name: 'Vérifie ton adresse mail' });
    expect(notice.textContent).toContain('lea@example.fr');
    expect(screen.getByText('pas encore vérifiée')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Renvoyer le mail' }));
    expect(await screen.findByText("Mail envoyé : ouvre le lien qu'il contient (valable 48 heures).")).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/account/verification-mail')).toHaveLength(1);

    answer = apiError(429, 'http/rate-limited', 'Trop de tentatives, réessaie dans quelques minutes 🙁');
    fireEvent.click(screen.getByRole('button', { name: 'Renvoyer le mail' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Trop de tentatives, réessaie dans quelques minutes 🙁');
  });

  it("tells a member whose address a server refused for good, and lets them ask for a new link (decision 0019)", async () => {
    const { calls } = await renderAccount({ ...LEA, emailUndeliverable: true }, { 'POST /api/account/verification-mail': () => ({ status: 204 }) });
    const notice = screen.getByRole('region', { name: 'Nos mails ne te parviennent pas' });
    expect(notice.textContent).toContain('Le serveur de lea@example.fr refuse nos mails');
    fireEvent.click(screen.getByRole('button', { name: 'Renvoyer le mail' }));
    expect(await screen.findByText("Mail envoyé : ouvre le lien qu'il contient (valable 48 heures).")).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/account/verification-mail')).toHaveLength(1);
  });

  it('asks for a new address with the password, then says where the link went', async () => {
    const { calls } = await renderAccount(LEA, {
      'POST /api/account/email': ({ body }) => ({ status: 202, body: { pendingEmail: (body as { newEmail: string }).newEmail.toLowerCase() } }),
    });
    const change = screen.getByRole('button', { name: "Changer d'adresse" });
    type('Nouvelle adresse mail', 'lea@exemple');
    fireEvent.blur(screen.getByLabelText('Nouvelle adresse mail'));
    expect(screen.getByText('Adresse mail invalide')).toBeTruthy();
    type('Nouvelle adresse mail', 'Lea.Nouvelle@exemple.fr');
    expect(change.getAttribute('aria-disabled')).toBe('true');
    type('Mot de passe (pour confirmer)', 'Bon-mot-2025!');
    expect(change.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(change);
    expect(await screen.findByText('lea.nouvelle@exemple.fr', { selector: 'strong' })).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/account/email' && call.method === 'POST')?.body).toEqual({
      newEmail: 'Lea.Nouvelle@exemple.fr',
      password: 'Bon-mot-2025!',
    });
  });
});

describe('after a temporary password', () => {
  it('asks for a new password first, then shows the rest of the page', async () => {
    const { calls, setUser } = await renderAccount(
      { ...LEA, mustChangePassword: true },
      {
        'PUT /api/account/password': () => {
          setUser(LEA);
          return { status: 204 };
        },
      },
    );
    expect(screen.getByRole('heading', { name: 'Choisis un nouveau mot de passe' })).toBeTruthy();
    expect(screen.queryByLabelText('Mot de passe actuel')).toBeNull();
    expect(screen.queryByLabelText('Bio')).toBeNull();

    type('Mot de passe temporaire', 'Temp-Du-Mail-9!');
    type('Nouveau mot de passe', 'Nouveau-mot-2025!');
    type('Confirmation du mot de passe', 'Nouveau-mot-2025!');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer mon nouveau mot de passe' }));
    expect(await screen.findByLabelText('Bio')).toBeTruthy();
    expect(screen.getByText('Ton nouveau mot de passe est enregistré.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ currentPassword: 'Temp-Du-Mail-9!', newPassword: 'Nouveau-mot-2025!' });
  });
});
