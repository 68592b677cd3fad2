// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { Spinner } from './Spinner';

afterEach(cleanup);

it('is a status with a hidden French label by default', () => {
  render(<Spinner />);
  const status = screen.getByRole('status');
  expect(status.textContent).toBe('Chargement…');
  expect(status.querySelector('.visually-hidden')?.textContent).toBe('Chargement…');
  expect(status.classList.contains('spinner--small')).toBe(true);
});

it('can show its label under a large spinner', () => {
  render(<Spinner size="large" label="Désinscription en cours…" showLabel />);
  const status = screen.getByRole('status');
  expect(status.classList.contains('spinner--large')).toBe(true);
  expect(status.querySelector('.spinner__label')?.textContent).toBe('Désinscription en cours…');
});

it('is hidden from assistive technologies when decorative', () => {
  render(<Spinner decorative />);
  expect(screen.queryByRole('status')).toBeNull();
});
