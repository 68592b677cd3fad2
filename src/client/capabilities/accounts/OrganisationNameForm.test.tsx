// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../shared/user';
import { apiError, LEA, renderPage, stubApi } from '../../platform/testing/render';
import { AccountPage } from './AccountPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CLUB: CurrentUser = { ...LEA, username: 'Club de Rugyb', firstname: '', lastname: '', email: 'contact@club.fr', accountType: 'organisation' };

/** /account for `user`; PUT /api/account/username answers `reply`, held until `release()`. */
async function renderAccount(user: CurrentUser, reply?: (username: string) => { status: number; body?: unknown }) {
  let current = user;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const { calls, fetchMock } = stubApi({ 'GET /api/auth/me': () => ({ status: 200, body: current }) });
  const stubbed = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input, init) => {
    if (String(input) === '/api/account/username' && reply) {
      await held;
      const { username } = JSON.parse(String(init?.body)) as { username: string };
      const answer = reply(username);
      if (answer.status === 200) current = answer.body as CurrentUser;
      calls.push({ method: 'PUT', path: '/api/account/username', body: { username } });
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }
    return stubbed(input, init);
  });
  renderPage(<AccountPage />);
  await screen.findByRole('heading', { level: 1 });
  return { calls, release };
}

it('lets an organisation fix its name: a spinner while saving, then the new name on the page', async () => {
  const { calls, release } = await renderAccount(CLUB, (username) => ({ status: 200, body: { ...CLUB, username } }));
  const section = screen.getByRole('region', { name: "Nom de l'organisation" });
  const field = within(section).getByRole('textbox', { name: "Nom de l'organisation" }) as HTMLInputElement;
  expect(field.value).toBe('Club de Rugyb');
  expect(field.getAttribute('aria-required')).toBe('true');
  fireEvent.change(field, { target: { value: ' Club de Rugby ' } });
  fireEvent.click(within(section).getByRole('button', { name: 'Enregistrer le nom' }));
  // The button shows its spinner and says it is working; a second click sends nothing more.
  await within(section).findByText('Enregistrement…');
  const save = within(section).getByRole('button', { name: 'Enregistrer le nom' });
  expect(save.getAttribute('aria-busy')).toBe('true');
  fireEvent.click(save);
  release();
  await within(section).findByText('Nom enregistré.');
  expect(calls.filter((call) => call.path === '/api/account/username').map((call) => call.body)).toEqual([{ username: 'Club de Rugby' }]);
  await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Club de Rugby'));
});

it('says under the field why a name is refused, before sending and after', async () => {
  const { calls, release } = await renderAccount(CLUB, () => apiError(409, 'users/username-already-taken', "Ce nom d'utilisateur n'est pas disponible 🙁"));
  release();
  const field = screen.getByRole('textbox', { name: "Nom de l'organisation" });
  const save = screen.getByRole('button', { name: 'Enregistrer le nom' });
  const describedBy = () => (field.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '');

  fireEvent.change(field, { target: { value: '   ' } });
  expect(field.getAttribute('aria-invalid')).toBe('true');
  expect(describedBy()).toContain('Le nom doit tenir sur une ligne, en 30 caractères au plus.');
  expect(save.getAttribute('aria-disabled')).toBe('true');
  fireEvent.change(field, { target: { value: 'x'.repeat(31) } });
  expect(field.getAttribute('aria-invalid')).toBe('true');

  fireEvent.change(field, { target: { value: 'Stade Toulousain' } });
  expect(field.getAttribute('aria-invalid')).toBeNull();
  fireEvent.click(save);
  await waitFor(() => expect(describedBy()).toContain("Ce nom d'utilisateur n'est pas disponible 🙁"));
  expect(field.getAttribute('aria-invalid')).toBe('true');
  expect(calls.filter((call) => call.path === '/api/account/username')).toHaveLength(1);
  // Typing again clears the server's refusal.
  fireEvent.change(field, { target: { value: 'Stade Toulousain 2' } });
  expect(field.getAttribute('aria-invalid')).toBeNull();
});

it('is not offered to a person, whose displayed name is their first and last name', async () => {
  await renderAccount(LEA);
  expect(screen.queryByRole('region', { name: "Nom de l'organisation" })).toBeNull();
});
