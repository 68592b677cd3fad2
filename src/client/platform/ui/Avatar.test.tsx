// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { Avatar, initialsOf } from './Avatar';

afterEach(cleanup);

it.each([
  ['léa Martin', 'LM'],
  ['Élodie', 'É'],
  ['Club de Rugby', 'CR'],
  ['Les Foulées Dijonnaises', 'LF'],
  ['  « Les Foulées »  ', 'LF'],
  ['AS - 93', 'A9'],
  ['***', '?'],
  ['', '?'],
])('draws %s as %s', (name, expected) => {
  expect(initialsOf(name)).toBe(expected);
});

it('names the initials when labelled, and hides them when decorative', () => {
  render(<Avatar name="Léa Martin" src="" label="Photo de profil de Léa Martin" />);
  expect(screen.getByRole('img', { name: 'Photo de profil de Léa Martin' }).textContent).toBe('LM');
  cleanup();
  const { container } = render(<Avatar name="Léa Martin" src="" />);
  expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
});

it('shows the uploaded picture when there is one', () => {
  render(<Avatar name="Léa Martin" src="/api/users/1/picture?v=2" label="Photo" />);
  expect(screen.getByRole('img', { name: 'Photo' }).getAttribute('src')).toBe('/api/users/1/picture?v=2');
});
