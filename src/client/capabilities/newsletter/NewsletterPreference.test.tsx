// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { NewsletterPreference as Preference } from '../../../shared/newsletter/api';
import type { CurrentUser } from '../../../shared/user';
import { apiError, LEA, renderPage, stubApi } from '../../platform/testing/render';
import { NewsletterPreference } from './NewsletterPreference';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('lets a member who unsubscribed subscribe again, and back out', async () => {
  let user: CurrentUser = { ...LEA, newsletter: false };
  const { calls } = stubApi({
    'GET /api/auth/me': () => ({ status: 200, body: user }),
    'PUT /api/account/newsletter': ({ body }) => {
      user = { ...user, newsletter: (body as { subscribed: boolean }).subscribed };
      return { status: 200, body: body as Preference };
    },
  });
  renderPage(<NewsletterPreference />);
  const checkbox = (await screen.findByLabelText('Recevoir la newsletter')) as HTMLInputElement;
  expect(checkbox.checked).toBe(false);
  fireEvent.click(checkbox);
  expect(await screen.findByText('Tu recevras la newsletter.')).toBeTruthy();
  expect(checkbox.checked).toBe(true);
  expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ subscribed: true });
  fireEvent.click(checkbox);
  expect(await screen.findByText('Tu ne recevras plus la newsletter.')).toBeTruthy();
  expect(checkbox.checked).toBe(false);
});

it('shows the server’s message and the unchanged choice when saving fails', async () => {
  stubApi({
    'GET /api/auth/me': { status: 200, body: LEA },
    'PUT /api/account/newsletter': apiError(500, 'http/internal', 'Une erreur est survenue, essaye à nouveau ou contacte nous !'),
  });
  renderPage(<NewsletterPreference />);
  const checkbox = (await screen.findByLabelText('Recevoir la newsletter')) as HTMLInputElement;
  fireEvent.click(checkbox);
  expect((await screen.findByRole('alert')).textContent).toContain('Une erreur est survenue, essaye à nouveau');
  expect(checkbox.checked).toBe(true);
});
