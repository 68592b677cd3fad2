// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ERROR_BOX_TITLE, errorCatalogue } from '../../../shared/messages';
import type { ModerationQueue as Queue, PendingPage, PendingWord, PublishedWord } from '../../../shared/moderation';
import { apiError, LEA, renderPage, stubApi } from '../../platform/testing/render';
import { FakeEventSource, stubEventSource } from '../../platform/testing/event-source';
import { ModerationQueue } from './ModerationQueue';

beforeEach(() => {
  stubEventSource();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const words = (from: number, count: number): PendingWord[] =>
  Array.from({ length: count }, (_, i) => ({ id: `w${from + i}`, content: `Message ${from + i}`, author: 'Camille Martin', createdAt: '2026-11-24T13:00:00.000Z' }));

it('shows the first 50 pending words of 60, the rest with “Voir plus”, and keeps both pages on a live update', async () => {
  const queue: Queue = {
    pendingWords: { items: words(0, 50), total: 60, next: 'page-2' },
    pendingSports: { items: [], total: 0, next: null },
    publishedWords: { items: [], next: null },
  };
  const secondPage: PendingPage<PendingWord> = { items: words(50, 10), total: 60, next: null };
  const { calls } = stubApi({
    'GET /api/auth/me': { status: 200, body: { ...LEA, roles: ['admin'] } },
    'GET /api/admin/moderation': { status: 200, body: queue },
    'GET /api/admin/moderation/words?after=page-2': { status: 200, body: secondPage },
  });
  renderPage(<ModerationQueue />, { path: '/admin/moderation' });

  expect(await screen.findByRole('heading', { name: 'Mots de soutien en attente (60)' })).toBeTruthy();
  expect(screen.getAllByRole('button', { name: 'Approuver' })).toHaveLength(50);
  expect(screen.getAllByRole('button', { name: 'Refuser' })).toHaveLength(50);
  expect(screen.getByText('50 affichés sur 60')).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Voir plus' }));
  await waitFor(() => expect(screen.getAllByRole('button', { name: 'Approuver' })).toHaveLength(60));
  expect(screen.getByText('Message 59')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Voir plus' })).toBeNull();

  const nextPageCalls = () => calls.filter((call) => call.path === '/api/admin/moderation/words?after=page-2').length;
  const before = nextPageCalls();
  act(() => FakeEventSource.emit('moderation'));
  await waitFor(() => expect(nextPageCalls()).toBe(before + 1));
  expect(screen.getAllByRole('button', { name: 'Approuver' })).toHaveLength(60);
});

const published = (from: number, count: number): PublishedWord[] =>
  Array.from({ length: count }, (_, i) => ({ id: `p${from + i}`, content: `Publié ${from + i}`, author: 'Camille Martin', vip: false, publishedAt: '2026-11-24T13:00:00.000Z' }));

it('shows the 25 newest published words, the next ones with “Voir plus”, and keeps them on a live update', async () => {
  const { calls } = stubApi({
    'GET /api/auth/me': { status: 200, body: { ...LEA, roles: ['moderator'] } },
    'GET /api/admin/moderation': {
      status: 200,
      body: { pendingWords: { items: [], total: 0, next: null }, pendingSports: { items: [], total: 0, next: null }, publishedWords: { items: published(0, 25), next: 'published-2' } },
    },
    'GET /api/admin/moderation/published?after=published-2': { status: 200, body: { items: published(25, 5), next: null } },
  });
  renderPage(<ModerationQueue />, { path: '/admin/moderation' });

  expect(await screen.findByRole('heading', { name: 'Mots publiés' })).toBeTruthy();
  expect(screen.getAllByRole('button', { name: 'Retirer' })).toHaveLength(25);
  expect(screen.getByText('25 affichés')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Voir plus' }));
  await waitFor(() => expect(screen.getAllByRole('button', { name: 'Retirer' })).toHaveLength(30));
  expect(screen.getByText('Publié 29')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Voir plus' })).toBeNull();

  const nextPageCalls = () => calls.filter((call) => call.path === '/api/admin/moderation/published?after=published-2').length;
  const before = nextPageCalls();
  act(() => FakeEventSource.emit('moderation'));
  await waitFor(() => expect(nextPageCalls()).toBe(before + 1));
  expect(screen.getAllByRole('button', { name: 'Retirer' })).toHaveLength(30);
});

const smallQueue = (): Queue => ({
  pendingWords: { items: words(0, 3), total: 3, next: null },
  pendingSports: { items: [{ id: 'kayak', name: 'Kayak', emoji: '🛶', submittedBy: 'Camille Martin', createdAt: '2026-11-24T13:00:00.000Z' }], total: 1, next: null },
  publishedWords: { items: [], next: null },
});

it('approves a selection after confirming, with a spinner, and says how many another moderator had already done', async () => {
  let answer!: (value: unknown) => void;
  const { calls } = stubApi({
    'GET /api/auth/me': { status: 200, body: { ...LEA, roles: ['moderator'] } },
    'GET /api/admin/moderation': { status: 200, body: smallQueue() },
    'POST /api/admin/moderation/bulk': () => ({ status: 200, body: { done: 2, alreadyDone: 1 } }),
  });
  renderPage(<ModerationQueue />, { path: '/admin/moderation' });

  const bulkApprove = await screen.findByRole('button', { name: 'Approuver la sélection' });
  expect(bulkApprove.getAttribute('aria-disabled')).toBe('true');
  expect(bulkApprove.getAttribute('aria-keyshortcuts')).toBe('Shift+A');
  fireEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner « Message 0 »' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner « Kayak »' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner « Message 2 »' }));
  expect(screen.getByText('3 éléments sélectionnés')).toBeTruthy();
  fireEvent.click(bulkApprove);
  // Nothing is sent before the confirmation.
  expect(calls.some((call) => call.path === '/api/admin/moderation/bulk')).toBe(false);
  expect(screen.getByText('Approuver les 3 éléments sélectionnés ?')).toBeTruthy();
  const confirm = screen.getByRole('button', { name: 'Oui, approuver' });
  await waitFor(() => expect(document.activeElement).toBe(confirm));

  // The server answers when the test says so: meanwhile the button shows its spinner.
  const pending = new Promise((resolve) => (answer = resolve));
  const fetchBefore = globalThis.fetch;
  vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
    if (String(args[0]) === '/api/admin/moderation/bulk') await pending;
    return fetchBefore(...args);
  });
  fireEvent.click(confirm);
  await waitFor(() => expect(confirm.getAttribute('aria-busy')).toBe('true'));
  expect(screen.getByText('Approbation en cours…')).toBeTruthy();
  answer(undefined);

  expect(await screen.findByText("2 éléments approuvés. 1 était déjà traité par quelqu'un d'autre.")).toBeTruthy();
  const bulk = calls.find((call) => call.path === '/api/admin/moderation/bulk');
  expect(bulk?.body).toEqual({ action: 'approve', words: ['w0', 'w2'], sports: ['kayak'] });
  expect(screen.getByText('Aucun élément sélectionné')).toBeTruthy();
});

it('selects every shown word at once, and a refusal of the selection can be cancelled', async () => {
  const { calls } = stubApi({
    'GET /api/auth/me': { status: 200, body: { ...LEA, roles: ['admin'] } },
    'GET /api/admin/moderation': { status: 200, body: smallQueue() },
  });
  renderPage(<ModerationQueue />, { path: '/admin/moderation' });
  fireEvent.click(await screen.findByRole('checkbox', { name: 'Sélectionner tous les mots affichés' }));
  expect(screen.getByText('3 éléments sélectionnés')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Refuser la sélection' }));
  expect(screen.getByText('Refuser les 3 éléments sélectionnés ?')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
  expect(screen.getByRole('button', { name: 'Refuser la sélection' })).toBeTruthy();
  expect(calls.some((call) => call.method === 'POST')).toBe(false);
});

it('tells a moderator, without an error box, that someone else was faster, and reloads the queue', async () => {
  const { calls } = stubApi({
    'GET /api/auth/me': { status: 200, body: { ...LEA, roles: ['moderator'] } },
    'GET /api/admin/moderation': { status: 200, body: smallQueue() },
    'POST /api/admin/words/w1/approve': apiError(409, 'moderation/already-done', errorCatalogue['moderation/already-done']),
  });
  renderPage(<ModerationQueue />, { path: '/admin/moderation' });
  await screen.findByText('Message 1');
  const loads = () => calls.filter((call) => call.path === '/api/admin/moderation').length;
  const before = loads();
  fireEvent.click(screen.getAllByRole('button', { name: 'Approuver' })[1]);
  expect(await screen.findByText(errorCatalogue['moderation/already-done'])).toBeTruthy();
  expect(screen.queryByText(ERROR_BOX_TITLE)).toBeNull();
  await waitFor(() => expect(loads()).toBe(before + 1));
});

it('lists its keyboard shortcuts and obeys them, but not while typing in a field', async () => {
  const { calls } = stubApi({
    'GET /api/auth/me': { status: 200, body: { ...LEA, roles: ['moderator'] } },
    'GET /api/admin/moderation': { status: 200, body: smallQueue() },
    'POST /api/admin/words/w1/refuse': { status: 204 },
  });
  renderPage(
    <>
      <label>
        Note <input type="text" />
      </label>
      <ModerationQueue />
    </>,
    { path: '/admin/moderation' },
  );
  await screen.findByText('Message 0');
  const list = screen.getByRole('region', { name: 'Raccourcis clavier' });
  for (const text of ['Élément suivant', "Approuver l'élément", 'Refuser la sélection']) expect(list.textContent).toContain(text);
  expect(screen.getAllByRole('button', { name: 'Approuver' })[0].getAttribute('aria-keyshortcuts')).toBe('A');

  const field = screen.getByRole('textbox', { name: 'Note' });
  field.focus();
  for (const key of ['j', 'x', 'a', 'r']) fireEvent.keyDown(field, { key });
  expect(document.activeElement).toBe(field);
  expect(screen.getByText('Aucun élément sélectionné')).toBeTruthy();

  const items = document.querySelectorAll<HTMLElement>('[data-moderation-item]');
  fireEvent.keyDown(document.body, { key: 'j' });
  expect(document.activeElement).toBe(items[0]);
  fireEvent.keyDown(document.activeElement!, { key: 'j' });
  expect(document.activeElement).toBe(items[1]);
  fireEvent.keyDown(document.activeElement!, { key: 'x' });
  expect(screen.getByText('1 élément sélectionné')).toBeTruthy();
  expect((screen.getByRole('checkbox', { name: 'Sélectionner « Message 1 »' }) as HTMLInputElement).checked).toBe(true);
  // Ctrl+A stays the browser's.
  fireEvent.keyDown(document.activeElement!, { key: 'a', ctrlKey: true });
  expect(calls.some((call) => call.method === 'POST')).toBe(false);
  fireEvent.keyDown(document.activeElement!, { key: 'r' });
  // Held while 'Annuler' is offered: gone from the list and the selection, the next item focused, nothing sent.
  expect(screen.queryByText('Message 1')).toBeNull();
  expect(screen.getByText('Aucun élément sélectionné')).toBeTruthy();
  expect(document.activeElement).toBe(document.querySelector('[data-moderation-item="word:w2"]'));
  expect(calls.some((call) => call.method === 'POST')).toBe(false);
  // Leaving the page sends it.
  fireEvent(window, new Event('pagehide'));
  await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === '/api/admin/words/w1/refuse')).toBe(true));
  fireEvent.keyDown(document.activeElement!, { key: 'x' });
  fireEvent.keyDown(document.body, { key: 'A', shiftKey: true });
  expect(await screen.findByText("Approuver l'élément sélectionné ?")).toBeTruthy();
});

it("offers 'Annuler' after an item's refusal, which then never leaves, and after its approval, which is taken back", async () => {
  const { calls } = stubApi({
    'GET /api/auth/me': { status: 200, body: { ...LEA, roles: ['moderator'] } },
    'GET /api/admin/moderation': { status: 200, body: smallQueue() },
    'POST /api/admin/words/w0/approve': { status: 204 },
    'POST /api/admin/words/w0/unapprove': { status: 204 },
    'POST /api/admin/words/w1/refuse': { status: 204 },
  });
  renderPage(<ModerationQueue />, { path: '/admin/moderation' });
  await screen.findByText('Message 0');
  fireEvent.click(screen.getAllByRole('button', { name: 'Refuser' })[1]);
  expect(screen.queryByText('Message 1')).toBeNull();
  expect(screen.getByRole('status').textContent).toContain('Mot refusé.');
  fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
  expect(screen.getByText('Message 1')).toBeTruthy();
  expect(screen.getByRole('status').textContent).toContain('Refus annulé.');
  expect(document.activeElement).toBe(document.querySelector('[data-moderation-item="word:w1"]'));
  cleanup();
  expect(calls.some((call) => call.method === 'POST')).toBe(false);

  renderPage(<ModerationQueue />, { path: '/admin/moderation' });
  await screen.findByText('Message 0');
  fireEvent.click(screen.getAllByRole('button', { name: 'Approuver' })[0]);
  expect(await screen.findByText('Mot approuvé.')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
  expect(await screen.findByText('Approbation annulée.')).toBeTruthy();
  expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/admin/words/w0/approve', '/api/admin/words/w0/unapprove']);

  // Another action takes the place of a refusal's 'Annuler': the refusal leaves at once.
  fireEvent.click(screen.getAllByRole('button', { name: 'Refuser' })[1]);
  fireEvent.click(screen.getAllByRole('button', { name: 'Approuver' })[0]);
  await waitFor(() => expect(calls.filter((call) => call.method === 'POST').map((call) => call.path).slice(2)).toEqual(['/api/admin/words/w1/refuse', '/api/admin/words/w0/approve']));
});

it('drops from the selection what another moderator reviewed meanwhile, and a confirmation left with nothing to do', async () => {
  let queue = smallQueue();
  stubApi({
    'GET /api/auth/me': { status: 200, body: { ...LEA, roles: ['moderator'] } },
    'GET /api/admin/moderation': () => ({ status: 200, body: queue }),
  });
  renderPage(<ModerationQueue />, { path: '/admin/moderation' });
  fireEvent.click(await screen.findByRole('checkbox', { name: 'Sélectionner « Message 1 »' }));
  fireEvent.click(screen.getByRole('button', { name: 'Approuver la sélection' }));
  expect(screen.getByText("Approuver l'élément sélectionné ?")).toBeTruthy();

  // Someone else approved it: the live notice reloads a queue without it.
  queue = { ...queue, pendingWords: { items: queue.pendingWords.items.filter((word) => word.id !== 'w1'), total: 2, next: null } };
  act(() => FakeEventSource.emit('moderation'));
  await screen.findByText('Aucun élément sélectionné');
  expect(screen.queryByText("Approuver l'élément sélectionné ?")).toBeNull();
  expect(screen.queryByText('Message 1')).toBeNull();
});
