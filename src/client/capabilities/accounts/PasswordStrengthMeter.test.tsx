// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

afterEach(cleanup);

it.each([
  ['', 'Insuffisant', 0],
  ['password1!', 'Insuffisant', 0],
  ['Password', 'Faible', 1],
  ['Passw1!', 'Faible', 1],
  ['Password1!', 'Correct', 2],
  ['Password123!', 'Fort', 3],
])('names %j "%s"', (password, label, rank) => {
  render(<PasswordStrengthMeter password={password} />);
  const meter = screen.getByRole('meter', { name: 'Force du mot de passe' });
  expect(meter.getAttribute('aria-valuetext')).toBe(label);
  expect(meter.getAttribute('aria-valuenow')).toBe(String(rank));
  // In words, not only in colour.
  expect(screen.getByText(label).tagName).toBe('STRONG');
  expect(meter.querySelectorAll('[data-filled]')).toHaveLength(rank);
});

it('explains the rule', () => {
  render(<PasswordStrengthMeter password="" />);
  expect(screen.getByText(/Au moins 8 caractères, avec une majuscule, une minuscule, un chiffre/)).toBeTruthy();
});
