// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { Logo } from './Logo';

afterEach(cleanup);

it('links home with the project name', () => {
  const router = createMemoryRouter([{ path: '/', element: <Logo /> }]);
  render(<RouterProvider router={router} />);
  const link = screen.getByRole('link', { name: 'Unissons — accueil' });
  expect(link.getAttribute('href')).toBe('/');
  expect(link.textContent).toBe('Unissons');
  expect(link.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
});
