// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { Logo } from './Logo';

// happy-dom files are transformed in "web" mode, where Vitest does not inline `define`
// constants but reads a global set before the setup files ran. Remove once
// tests/setup/public-config.ts also sets __PUBLIC_CONFIG__.
vi.hoisted(() => {
  const g = globalThis as { __PUBLIC_CONFIG__?: unknown; __TEST_PUBLIC_CONFIG__?: unknown };
  g.__PUBLIC_CONFIG__ ??= g.__TEST_PUBLIC_CONFIG__;
});

afterEach(cleanup);

it('links home with the project name', () => {
  const router = createMemoryRouter([{ path: '/', element: <Logo /> }]);
  render(<RouterProvider router={router} />);
  const link = screen.getByRole('link', { name: 'Unissons — accueil' });
  expect(link.getAttribute('href')).toBe('/');
  expect(link.textContent).toBe('Unissons');
  expect(link.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
});
