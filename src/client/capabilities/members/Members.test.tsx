// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberDetail as Member, MemberListItem } from '../../../shared/members';
import type { CurrentUser } from '../../../shared/user';
import { apiError, LEA, renderPage, stubApi, type FakeRoutes } from '../../platform/testing/render';
import { AdminMembers } from './AdminMembers';
import { MemberDetail } from './MemberDetail';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ADMIN: CurrentUser = { ...LEA, roles: ['admin'] };

const item = (index: number, overrides: Partial<MemberListItem> = {}): MemberListItem => ({
  uuid: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  email: `membre${index}@exemple.fr`,
  username: `membre${index}`,
  firstname: 'Éloïse',
  lastname: `Müller ${index}`,
  accountType: 'user',
  roles: [],
  createdAt: '2026-03-01T10:00:00.000Z',
  emailVerified: true,
  newsletter: false,
  suspended: false,
  ...overrides,
});

const detail = (overrides: Partial<Member> = {}): Member => ({
  ...item(1),
  bio: 'Cycliste',
  profilePic: '',
  lastSeenAt: '2026-11-20T08:00:00.000Z',
  emailVerifiedAt: '2026-03-01T10:05:00.000Z',
  emailUndeliverable: false,
  suspendedAt: null,
  word: { content: 'Allez les bleus', public: true, vip: false },
  reactions: 3,
  sessions: 2,
  pastTrips: 0,
  twoFactorEnabled: false,
  passkeys: 0,
  ...overrides,
});

describe('AdminMembers', () => {
  it('searches with the query and the filters in the URL, and pages with “Voir plus”', async () => {
    const first = Array.from({ length: 50 }, (_, index) => item(index));
    const { calls } = stubApi({
      'GET /api/auth/me': { status: 200, body: ADMIN },
      'GET /api/admin/members': { status: 200, body: { members: first, next: null } },
      'GET /api/admin/members?q=eloise': { status: 200, body: { members: first, next: 'curseur' } },
      'GET /api/admin/members?q=eloise&after=curseur': { status: 200, body: { members: [item(50, { suspended: true, roles: ['moderator'] })], next: null } },
      'GET /api/admin/members?q=eloise&type=organisation': { status: 200, body: { members: [], next: null } },
    });
    renderPage(<AdminMembers />, { path: '/admin/members' });
    expect(await screen.findByText('50 membres affichés')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Rechercher un membre'), { target: { value: ' eloise ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(await screen.findByText('50 membres affichés (il y en a d’autres)')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/admin/members?q=eloise');

    fireEvent.click(screen.getByRole('button', { name: 'Voir plus' }));
    const added = await screen.findByRole('link', { name: 'Éloïse Müller 50' });
    await waitFor(() => expect(document.activeElement).toBe(added));
    expect(screen.getByText('51 membres affichés')).toBeTruthy();
    const card = added.closest('li')!;
    expect(within(card).getByText('Suspendu')).toBeTruthy();
    expect(within(card).getByText('Modérateur')).toBeTruthy();
    expect(added.getAttribute('href')).toBe(`/admin/members/${item(50).uuid}`);
    expect(screen.queryByRole('button', { name: 'Voir plus' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Type de compte'), { target: { value: 'organisation' } });
    expect(await screen.findByText('Aucun membre ne correspond à ta recherche.')).toBeTruthy();
    expect(calls.at(-1)?.path).toBe('/api/admin/members?q=eloise&type=organisation');
  });

  it('shows the server’s French error', async () => {
    stubApi({
      'GET /api/auth/me': { status: 200, body: ADMIN },
      'GET /api/admin/members': apiError(403, 'http/forbidden', "Tu n'as pas la permission de faire ça 🙁"),
    });
    renderPage(<AdminMembers />, { path: '/admin/members' });
    expect((await screen.findByRole('alert')).textContent).toContain("Tu n'as pas la permission de faire ça 🙁");
  });
});

describe('MemberDetail', () => {
  const id = item(1).uuid;

  it('shows the account and suspends it only after confirming, with a spinner and the result', async () => {
    let answer!: (value: { status: number; body: unknown }) => void;
    const routes: FakeRoutes = {
      'GET /api/auth/me': { status: 200, body: ADMIN },
    };
    routes[`GET /api/admin/members/${id}`] = { status: 200, body: detail() };
    const { calls } = stubApi(routes);
    const fetchMock = vi.mocked(fetch);
    const stubbed = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/suspension')) {
        calls.push({ method: 'POST', path: String(input), body: JSON.parse(String(init?.body)) });
        const reply = await new Promise<{ status: number; body: unknown }>((resolve) => (answer = resolve));
        return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
      }
      return stubbed(input, init);
    });
    renderPage(<MemberDetail id={id} />, { path: '/admin/members/:id', url: `/admin/members/${id}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Éloïse Müller 1' })).toBeTruthy();
    expect(screen.getByText('membre1@exemple.fr')).toBeTruthy();
    expect(screen.getByText('Allez les bleus')).toBeTruthy();
    expect(screen.getByText('Sessions ouvertes').nextElementSibling?.textContent).toBe('2');

    fireEvent.click(screen.getByRole('button', { name: 'Suspendre le compte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspendre le compte de Éloïse Müller 1 ?' });
    expect(calls.some((call) => call.path.endsWith('/suspension'))).toBe(false);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Annuler' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Oui, suspendre' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Oui, suspendre' }).getAttribute('aria-busy')).toBe('true'));
    expect(calls.find((call) => call.path.endsWith('/suspension'))?.body).toEqual({ suspended: true });
    answer({ status: 200, body: detail({ suspended: true, suspendedAt: '2026-11-24T10:00:00.000Z', sessions: 0 }) });
    expect(await screen.findByText('Le compte de Éloïse Müller 1 est suspendu.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Rétablir le compte' })).toBeTruthy();
  });

  it('keeps the dialog open with the French error when the server refuses', async () => {
    const routes: FakeRoutes = {
      'GET /api/auth/me': { status: 200, body: ADMIN },
    };
    routes[`GET /api/admin/members/${id}`] = { status: 200, body: detail({ roles: ['admin'] }) };
    routes[`POST /api/admin/members/${id}/roles`] = apiError(409, 'members/last-admin', "Impossible : c'est le dernier administrateur du site. Donne d'abord ce rôle à quelqu'un d'autre 🙁");
    stubApi(routes);
    renderPage(<MemberDetail id={id} />, { path: '/admin/members/:id', url: `/admin/members/${id}` });
    fireEvent.click(await screen.findByRole('button', { name: 'Retirer le rôle administrateur' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Oui, retirer le rôle' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain("c'est le dernier administrateur du site");
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('resets the second factor of a member who lost it, after a confirmation that says what goes', async () => {
    const routes: FakeRoutes = {
      'GET /api/auth/me': { status: 200, body: ADMIN },
    };
    routes[`GET /api/admin/members/${id}`] = { status: 200, body: detail({ twoFactorEnabled: true, passkeys: 2 }) };
    routes[`POST /api/admin/members/${id}/two-factor/reset`] = { status: 200, body: detail() };
    const { calls } = stubApi(routes);
    renderPage(<MemberDetail id={id} />, { path: '/admin/members/:id', url: `/admin/members/${id}` });
    expect((await screen.findByText('Validation en deux étapes')).nextElementSibling?.textContent).toBe("Activée — 2 clés d'accès");
    fireEvent.click(screen.getByRole('button', { name: 'Réinitialiser la validation en deux étapes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Réinitialiser la validation en deux étapes de Éloïse Müller 1 ?' });
    expect(dialog.textContent).toContain('ses clés d’accès'.replace('’', "'"));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Oui, réinitialiser' }));
    expect(await screen.findByText('La validation en deux étapes de Éloïse Müller 1 est réinitialisée : son mot de passe suffit de nouveau.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/two-factor/reset'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Réinitialiser la validation en deux étapes' })).toBeNull();
  });

  it('offers an admin no way to remove their own admin role, suspend or delete themselves', async () => {
    const routes: FakeRoutes = {
      'GET /api/auth/me': { status: 200, body: ADMIN },
    };
    routes[`GET /api/admin/members/${LEA.uuid}`] = { status: 200, body: detail({ uuid: LEA.uuid, roles: ['admin'] }) };
    stubApi(routes);
    renderPage(<MemberDetail id={LEA.uuid} />, { path: '/admin/members/:id', url: `/admin/members/${LEA.uuid}` });
    expect(await screen.findByText(/C'est ton compte/)).toBeTruthy();
    const actions = screen.getAllByRole('button').map((button) => button.textContent);
    expect(actions).toContain('Nommer modérateur');
    expect(actions).toContain('Nommer rédacteur');
    for (const name of ['Retirer le rôle administrateur', 'Suspendre le compte', 'Supprimer le compte']) expect(actions).not.toContain(name);
  });

  it('deletes after confirming and says so, focus on the result', async () => {
    const routes: FakeRoutes = { 'GET /api/auth/me': { status: 200, body: ADMIN } };
    routes[`GET /api/admin/members/${id}`] = { status: 200, body: detail() };
    routes[`DELETE /api/admin/members/${id}`] = { status: 204 };
    stubApi(routes);
    renderPage(<MemberDetail id={id} />, { path: '/admin/members/:id', url: `/admin/members/${id}` });
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer le compte' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Oui, supprimer définitivement' }));
    const heading = await screen.findByRole('heading', { name: 'Compte supprimé' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('Le compte de Éloïse Müller 1 a été supprimé.')).toBeTruthy();
  });
});
