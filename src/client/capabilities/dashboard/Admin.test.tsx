// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrganisationsResponse } from '../../../shared/organisations';
import { apiError, LEA, renderPage, stubApi } from '../../platform/testing/render';
import type { AdminHealth } from '../../../shared/dashboard';
import { AdminHome } from './AdminHome';
import { HealthPanel } from './HealthPanel';
import { AdminOrganisations } from '../organisations/AdminOrganisations';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ADMIN = { ...LEA, roles: ['admin'] };
const ADMIN_PAGES = ['/admin/moderation', '/admin/organisations', '/admin/surveys', '/admin/settings', '/admin/newsletter-editor', '/admin/members', '/admin/journal'];

describe('AdminHome', () => {
  it('links to every admin page with what waits for review', async () => {
    stubApi({
      'GET /api/auth/me': { status: 200, body: ADMIN },
      'GET /api/admin/summary': { status: 200, body: { pendingWords: 3, pendingSports: 1, eventReports: 2 } },
    });
    renderPage(<AdminHome />, { path: '/admin' });
    expect(await screen.findByText('3 mots et 1 sport en attente')).toBeTruthy();
    expect(screen.getByText(/4 éléments à modérer · 2 événements signalés/)).toBeTruthy();
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(expect.arrayContaining([...ADMIN_PAGES, '/admin/textes']));
  });

  it('says when nothing waits (the summary may not count event reports)', async () => {
    stubApi({
      'GET /api/auth/me': { status: 200, body: ADMIN },
      'GET /api/admin/summary': { status: 200, body: { pendingWords: 0, pendingSports: 0, eventReports: 0 } },
    });
    renderPage(<AdminHome />, { path: '/admin' });
    expect(await screen.findByText('Rien en attente pour le moment 🎉')).toBeTruthy();
    expect(screen.queryByText(/en attente$/)).toBeNull();
  });

  it('shows a moderator the moderation link alone, and no admin panel', async () => {
    stubApi({
      'GET /api/auth/me': { status: 200, body: { ...LEA, roles: ['moderator'] } },
      'GET /api/admin/summary': { status: 200, body: { pendingWords: 2, pendingSports: 0, eventReports: 4 } },
    });
    renderPage(
      <AdminHome>
        <p>Panneau réservé aux admins</p>
      </AdminHome>,
      { path: '/admin' },
    );
    expect(await screen.findByText('2 éléments à modérer')).toBeTruthy();
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toContain('/admin/moderation');
    for (const page of [...ADMIN_PAGES.slice(1), '/admin/members', '/admin/journal', '/admin/textes']) expect(hrefs).not.toContain(page);
    expect(screen.queryByText('Panneau réservé aux admins')).toBeNull();
    expect(screen.queryByText(/événements signalés/)).toBeNull();
  });

  it("lets an editor in without asking for the moderation counts, and shows the texts' page alone: no member, moderation or newsletter page", async () => {
    const { calls } = stubApi({ 'GET /api/auth/me': { status: 200, body: { ...LEA, roles: ['editor'] } } });
    renderPage(
      <AdminHome>
        <p>Panneau réservé aux admins</p>
      </AdminHome>,
      { path: '/admin' },
    );
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Administration');
    // The heading is there before the session is known; the links, after.
    const hrefs = () => screen.queryAllByRole('link').map((link) => link.getAttribute('href'));
    await waitFor(() => expect(hrefs()).toEqual(['/admin/textes']));
    for (const page of ADMIN_PAGES) expect(hrefs()).not.toContain(page);
    expect(screen.queryByText('Panneau réservé aux admins')).toBeNull();
    expect(calls.some((call) => call.path === '/api/admin/summary')).toBe(false);
  });

  it('still shows the links when the counts cannot be loaded', async () => {
    const { calls } = stubApi({
      'GET /api/auth/me': { status: 200, body: ADMIN },
      'GET /api/admin/summary': apiError(500, 'http/internal', 'Une erreur est survenue'),
    });
    renderPage(<AdminHome />, { path: '/admin' });
    await waitFor(() => expect(calls.some((call) => call.path === '/api/admin/summary')).toBe(true));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Administration');
    expect((await screen.findByRole('link', { name: 'Modération' })).getAttribute('href')).toBe('/admin/moderation');
    expect(screen.queryByText(/en attente/)).toBeNull();
  });
});

describe('AdminOrganisations', () => {
  it('adds and removes allowed e-mails and lists the organisations', async () => {
    const state: AdminOrganisationsResponse = {
      allowlist: [
        { email: 'contact@club.fr', createdAt: '2025-03-01T10:00:00.000Z', registered: true, awaitingVerification: false },
        { email: 'bureau@judo.fr', createdAt: '2025-03-03T10:00:00.000Z', registered: false, awaitingVerification: true },
      ],
      organisations: [{ uuid: 'o1', username: 'Club de Rugby', email: 'contact@club.fr', createdAt: '2025-03-02T10:00:00.000Z' }],
    };
    const { calls } = stubApi({
      'GET /api/auth/me': { status: 200, body: ADMIN },
      'GET /api/admin/organisations': () => ({ status: 200, body: state }),
      'POST /api/admin/organisations/allowlist': ({ body }) => {
        const { email } = body as { email: string };
        state.allowlist.push({ email, createdAt: '2025-04-01T10:00:00.000Z', registered: false, awaitingVerification: false });
        return { status: 204 };
      },
      'DELETE /api/admin/organisations/allowlist/asso%2Bvelo%40example.fr': () => {
        state.allowlist = state.allowlist.filter((entry) => entry.email !== 'asso+velo@example.fr');
        return { status: 204 };
      },
    });
    renderPage(<AdminOrganisations />, { path: '/admin/organisations' });
    const list = await screen.findByRole('list', { name: 'Adresses autorisées' });
    expect(within(list).getByText('contact@club.fr')).toBeTruthy();
    expect(within(list).getAllByText('Compte créé')).toHaveLength(1);
    // An account that never opened its link is not counted as the organisation's.
    expect(within(within(list).getByText('bureau@judo.fr').closest('li')!).getByText('Adresse pas encore confirmée')).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Club de Rugby' })).toBeTruthy();

    const allow = screen.getByRole('button', { name: 'Autoriser' });
    expect(allow.getAttribute('aria-disabled')).toBe('true');
    fireEvent.change(screen.getByLabelText('Adresse mail'), { target: { value: ' Asso+Velo@Example.fr ' } });
    fireEvent.click(allow);
    expect(await within(list).findByText('asso+velo@example.fr')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ email: 'asso+velo@example.fr' });
    expect((screen.getByLabelText('Adresse mail') as HTMLInputElement).value).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Retirer asso+velo@example.fr' }));
    await waitFor(() => expect(within(list).queryByText('asso+velo@example.fr')).toBeNull());
    expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({});
  });
});

const HEALTH: AdminHealth = {
  version: '0.1.0',
  startedAt: '2026-11-27T08:00:00.000Z',
  database: { mode: 'pglite', sizeBytes: 48_300_000 },
  disks: [
    { setting: 'DATA_DIR', path: '/var/lib/unissons', freeBytes: 20e9, totalBytes: 40e9 },
    { setting: 'BACKUP_DIR', path: '/srv/sauvegardes', freeBytes: 0.5e9, totalBytes: 10e9 },
  ],
  backups: { last: { file: 'backup-20261127T030000Z.sql.gz', at: '2026-11-27T03:00:00.000Z', bytes: 1_200_000 }, everyMs: 86_400_000, next: '2026-11-28T03:00:00.000Z' },
  mail: { path: 'smtp', lastSuccessAt: '2026-11-27T09:00:00.000Z', failingSince: '2026-11-27T09:30:00.000Z', lastFailureAt: '2026-11-27T09:55:00.000Z', lastError: '421 Service indisponible' },
  deliveries: { pending: 1200, sending: 20, failedLast30Days: 3 },
  undeliverableAddresses: 7,
  jobs: [
    { name: 'backup', lastStartedAt: '2026-11-27T03:00:00.000Z', lastFinishedAt: '2026-11-27T03:00:02.000Z', lastSucceededAt: '2026-11-27T03:00:02.000Z', lastError: null, consecutiveFailures: 0 },
    { name: 'retention', lastStartedAt: '2026-11-27T04:00:00.000Z', lastFinishedAt: '2026-11-27T04:00:01.000Z', lastSucceededAt: null, lastError: 'disque plein', consecutiveFailures: 2 },
  ],
  errorsLastDay: 4,
  alerts: [{ condition: 'disk-low', detail: 'BACKUP_DIR (/srv/sauvegardes) : 0,5 Go libres sur 10 Go.', raisedAt: '2026-11-27T09:00:00.000Z', mailedAt: null }],
};

describe('HealthPanel', () => {
  it("shows the alerts first, then the site's facts and each job's last run", async () => {
    stubApi({ 'GET /api/admin/health': { status: 200, body: HEALTH } });
    renderPage(<HealthPanel />, { path: '/admin' });
    const alerts = await screen.findByRole('list', { name: 'Alertes' });
    expect(within(alerts).getByText("Moins de 10 % d'espace libre sur le disque")).toBeTruthy();
    expect(within(alerts).getByText(/mail aux admins en attente/)).toBeTruthy();
    expect(screen.getByText('Intégrée (PGlite), 48,3 Mo')).toBeTruthy();
    expect(screen.getByText(/BACKUP_DIR \(\/srv\/sauvegardes\) : 500 Mo libres sur 10 Go \(5 %\)/)).toBeTruthy();
    expect(screen.getByText(/relue en entier après son écriture/)).toBeTruthy();
    expect(screen.getByText(/En échec depuis le .* : 421 Service indisponible/)).toBeTruthy();
    expect(screen.getByText(/1 200 envoi\(s\) en attente, 20 en cours, 3 échec\(s\) sur 30 jours/)).toBeTruthy();
    const jobs = screen.getByRole('table');
    expect(within(jobs).getByRole('rowheader', { name: 'Durées de conservation' })).toBeTruthy();
    expect(within(jobs).getByText('Échec (2 de suite) : disque plein')).toBeTruthy();
  });

  it("says that PostgreSQL's backups are its host's, and that nothing is wrong", async () => {
    stubApi({ 'GET /api/admin/health': { status: 200, body: { ...HEALTH, database: { mode: 'postgres', sizeBytes: 2e9 }, backups: { last: null, everyMs: null, next: null }, alerts: [] } } });
    renderPage(<HealthPanel />, { path: '/admin' });
    expect(await screen.findByText(/Aucune alerte/)).toBeTruthy();
    expect(screen.getByText(/les sauvegardes sont celles de l'hébergeur/)).toBeTruthy();
  });

  it('says in French when the state cannot be read', async () => {
    stubApi({ 'GET /api/admin/health': apiError(500, 'http/internal', 'Une erreur est survenue.') });
    renderPage(<HealthPanel />, { path: '/admin' });
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
