// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { JournalEntry } from '../../../shared/journal';
import { LEA, renderPage, stubApi } from '../../platform/testing/render';
import { AdminJournal } from './AdminJournal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ADMIN = { ...LEA, roles: ['admin'] };
const ACTOR = '00000000-0000-4000-8000-00000000000a';
const MEMBER = '00000000-0000-4000-8000-00000000000b';

const entry = (id: number, overrides: Partial<JournalEntry> = {}): JournalEntry => ({
  id: String(id),
  at: '2026-11-24T10:00:00.000Z',
  actorId: ACTOR,
  actor: 'lea93',
  kind: 'allowlist/add',
  targetType: 'allowlist',
  targetId: `club${id}@exemple.fr`,
  summary: `club${id}@exemple.fr`,
  details: {},
  ...overrides,
});

it('lists the actions newest first, filters by actor and kind through the URL, and pages with “Voir plus”', async () => {
  const first = Array.from({ length: 50 }, (_, index) => entry(100 - index));
  const { calls } = stubApi({
    'GET /api/auth/me': { status: 200, body: ADMIN },
    'GET /api/admin/journal/actors': { status: 200, body: { actors: [{ id: ACTOR, name: 'lea93' }] } },
    'GET /api/admin/journal': { status: 200, body: { entries: first, next: '51' } },
    'GET /api/admin/journal?before=51': {
      status: 200,
      body: { entries: [entry(50, { kind: 'member/suspend', targetType: 'user', targetId: MEMBER, summary: 'spam (spam@exemple.fr)' })], next: null },
    },
    [`GET /api/admin/journal?actor=${ACTOR}`]: { status: 200, body: { entries: [entry(3)], next: null } },
    [`GET /api/admin/journal?actor=${ACTOR}&kind=roles%2Fgrant`]: { status: 200, body: { entries: [], next: null } },
  });
  renderPage(<AdminJournal />, { path: '/admin/journal' });
  const list = await screen.findByRole('list');
  expect(within(list).getAllByRole('listitem')).toHaveLength(50);
  expect(within(list).getAllByText('Organisation autorisée')).toHaveLength(50);
  // Read only: nothing on the page changes a row.
  expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Voir plus']);

  fireEvent.click(screen.getByRole('button', { name: 'Voir plus' }));
  const suspended = await screen.findByRole('link', { name: 'spam (spam@exemple.fr)' });
  expect(suspended.getAttribute('href')).toBe(`/admin/members/${MEMBER}`);
  await waitFor(() => expect(document.activeElement).toBe(suspended.closest('li')));
  expect(within(suspended.closest('li')!).getByText('Compte suspendu')).toBeTruthy();

  await screen.findByRole('option', { name: 'lea93' });
  fireEvent.change(screen.getByLabelText('Qui'), { target: { value: ACTOR } });
  await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
  fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'roles/grant' } });
  expect(await screen.findByText('Aucune action pour ces filtres.')).toBeTruthy();
  expect(calls.at(-1)?.path).toBe(`/api/admin/journal?actor=${ACTOR}&kind=roles%2Fgrant`);
  expect(screen.getByTestId('location').textContent).toBe(`/admin/journal?actor=${ACTOR}&kind=roles%2Fgrant`);
});

it('names the start-up’s admin role and an admin’s unsubscribing of a member in French, as rows and as filters', async () => {
  stubApi({
    'GET /api/auth/me': { status: 200, body: ADMIN },
    'GET /api/admin/journal/actors': { status: 200, body: { actors: [] } },
    'GET /api/admin/journal': {
      status: 200,
      body: {
        entries: [
          entry(2, { kind: 'roles/bootstrap', targetType: 'user', targetId: ACTOR, summary: 'Administrateur : lea93 (lea@exemple.fr)' }),
          entry(1, { kind: 'newsletter/unsubscribe', targetType: 'user', targetId: MEMBER, summary: 'tom (tom@exemple.fr)' }),
        ],
        next: null,
      },
    },
  });
  renderPage(<AdminJournal />, { path: '/admin/journal' });
  const list = await screen.findByRole('list');
  expect(within(list).getByText('Rôle admin donné au démarrage (ADMIN_EMAIL)')).toBeTruthy();
  expect(within(list).getByText('Newsletter : membre désinscrit par un admin')).toBeTruthy();
  expect(within(list).getByRole('link', { name: 'tom (tom@exemple.fr)' }).getAttribute('href')).toBe(`/admin/members/${MEMBER}`);
  const kinds = within(screen.getByLabelText('Action')).getAllByRole('option').map((option) => option.textContent);
  expect(kinds).toEqual(expect.arrayContaining(['Rôle admin donné au démarrage (ADMIN_EMAIL)', 'Newsletter : membre désinscrit par un admin']));
});
