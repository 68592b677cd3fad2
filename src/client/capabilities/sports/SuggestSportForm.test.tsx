// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { LEA, renderPage, stubApi } from '../../platform/testing/render';
import { SuggestSportForm } from './SuggestSportForm';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it("marks the empty name when 'Ajouter' is pressed anyway, and names it under the button", async () => {
  stubApi({ 'GET /api/auth/me': { status: 200, body: LEA } });
  renderPage(<SuggestSportForm onDone={() => {}} />, { path: '/vote' });
  const name = await screen.findByLabelText('Nom du sport');
  await vi.waitFor(() => expect((name as HTMLInputElement).disabled).toBe(false));
  expect(screen.queryByText(/À compléter/)).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Ajouter' }), { detail: 0 });
  expect(document.activeElement).toBe(name);
  expect(name.getAttribute('aria-invalid')).toBe('true');
  expect(screen.getByText('Indique le nom du sport à ajouter')).toBeTruthy();
  expect(screen.getByText('À compléter : Nom du sport')).toBeTruthy();
});

it('says under the emoji field why typed letters were not kept, in a polite live region', async () => {
  stubApi({ 'GET /api/auth/me': { status: 200, body: LEA } });
  renderPage(<SuggestSportForm onDone={() => {}} />, { path: '/vote' });
  const emoji = (await screen.findByLabelText('Emoji')) as HTMLInputElement;
  await vi.waitFor(() => expect(emoji.disabled).toBe(false));
  fireEvent.change(emoji, { target: { value: 'a' } });
  expect(emoji.value).toBe('');
  const line = screen.getByText("Seuls les emoji passent ici : les lettres, chiffres et signes tapés n'ont pas été gardés.");
  expect(line.getAttribute('aria-live')).toBe('polite');
  expect(emoji.getAttribute('aria-describedby')).toContain(line.id);
  fireEvent.change(emoji, { target: { value: '🥏' } });
  expect(emoji.value).toBe('🥏');
  expect(screen.queryByText(/Seuls les emoji/)).toBeNull();
  fireEvent.change(emoji, { target: { value: '🥏🥏🥏' } });
  expect(screen.getByText('Ajoute les emoji un par un.')).toBeTruthy();
});
