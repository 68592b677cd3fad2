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

it('lists the parts of the rule, neutral until something is typed', () => {
  render(<PasswordStrengthMeter password="" />);
  const items = screen.getAllByRole('listitem');
  expect(items.map((item) => item.textContent)).toEqual([
    '•8 caractères au moins',
    '•une majuscule',
    '•une minuscule',
    '•un chiffre',
    '•un caractère spécial parmi !@#$%^&*()-_+.',
  ]);
  expect(screen.queryByText(/manquant|fait/)).toBeNull();
});

it("says which part fails, and that '?' does not count", () => {
  render(<PasswordStrengthMeter password="Stade2026?" />);
  const list = screen.getByRole('list', { name: 'Le mot de passe doit contenir' });
  const states = Array.from(list.querySelectorAll('li')).map((item) => item.className.replace('password-checks__item password-checks__item--', ''));
  expect(states).toEqual(['met', 'met', 'met', 'met', 'missing']);
  expect(list.querySelector('.password-checks__item--missing')?.textContent).toContain('« ? » ne compte pas');
  expect(list.querySelector('.password-checks__item--missing')?.textContent).toContain(': manquant');
  expect(screen.getByText('Faible')).toBeTruthy();
});

it('ticks every part of an accepted password', () => {
  render(<PasswordStrengthMeter password="Stade2026!" />);
  expect(document.querySelectorAll('.password-checks__item--met')).toHaveLength(5);
  expect(screen.queryByText(/ne compte pas/)).toBeNull();
});
