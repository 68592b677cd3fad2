// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { ModerationDigestPreference } from '../../../shared/moderation';
import { LEA, renderPage, stubApi } from '../../platform/testing/render';
import { DigestPreference } from './DigestPreference';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('lets a moderator stop and restart the daily digest', async () => {
  const { calls } = stubApi({
    'GET /api/auth/me': { status: 200, body: { ...LEA, roles: ['moderator'] } },
    'GET /api/admin/moderation/digest': { status: 200, body: { subscribed: true } },
    'PUT /api/admin/moderation/digest': (call) => ({ status: 200, body: call.body as ModerationDigestPreference }),
  });
  renderPage(<DigestPreference />, { path: '/account' });
  const box = (await screen.findByRole('checkbox', { name: 'Recevoir le résumé de modération' })) as HTMLInputElement;
  expect(box.checked).toBe(true);
  expect(screen.getByText(/Un mail par jour au plus, à partir de 8 h/)).toBeTruthy();
  fireEvent.click(box);
  expect(await screen.findByText('Tu ne recevras plus le résumé de modération.')).toBeTruthy();
  expect(box.checked).toBe(false);
  expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ subscribed: false });
});

it.each([
  ['a member who does not moderate', LEA],
  ['a moderator held at adding a second factor', { ...LEA, roles: ['moderator'], mustAddSecondFactor: true }],
])('shows nothing to %s, and asks the server nothing', async (_, user) => {
  const { calls } = stubApi({ 'GET /api/auth/me': { status: 200, body: user } });
  renderPage(
    <>
      <p>Compte</p>
      <DigestPreference />
    </>,
    { path: '/account' },
  );
  await screen.findByText('Compte');
  await waitFor(() => expect(calls.some((call) => call.path === '/api/auth/me')).toBe(true));
  expect(screen.queryByText('Résumé de modération')).toBeNull();
  expect(calls.some((call) => call.path.startsWith('/api/admin'))).toBe(false);
});
