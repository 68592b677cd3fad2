// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { stubApi } from '../../platform/testing/render';
import { LeavePrintForm } from './LeavePrintForm';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it("says what holds 'Publier' back once started, and marks the empty message when pressed anyway", async () => {
  stubApi({ 'GET /api/words/mine': { status: 200, body: { word: null } } });
  render(
    <MemoryRouter>
      <LeavePrintForm />
    </MemoryRouter>,
  );
  const message = await screen.findByLabelText('Ton message');
  expect(screen.queryByText(/À compléter/)).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Publier' }), { detail: 0 });
  expect(document.activeElement).toBe(message);
  expect(message.getAttribute('aria-invalid')).toBe('true');
  expect(screen.getByText('Écris ton message : 7 caractères au minimum.')).toBeTruthy();
  expect(screen.getByText('À compléter : Ton message')).toBeTruthy();
  fireEvent.change(message, { target: { value: 'Allez les bleus !' } });
  expect(message.getAttribute('aria-invalid')).toBeNull();
  expect(screen.queryByText(/À compléter/)).toBeNull();
});
