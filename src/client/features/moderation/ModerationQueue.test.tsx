// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { ModerationQueue as Queue, PendingPage, PendingWord } from '../../../shared/moderation';
import { LEA, renderPage, stubApi } from '../auth/test-helpers';
import { FakeEventSource, stubEventSource } from '../newsletter/testing';
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
    publishedWords: [],
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
