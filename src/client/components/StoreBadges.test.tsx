// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { publicConfig } from '../config';
import { StoreBadges } from './StoreBadges';

// happy-dom files are transformed in "web" mode, where Vitest does not inline `define`
// constants but reads a global set before the setup files ran. Remove once
// tests/setup/public-config.ts also sets __PUBLIC_CONFIG__.
vi.hoisted(() => {
  const g = globalThis as { __PUBLIC_CONFIG__?: unknown; __TEST_PUBLIC_CONFIG__?: unknown };
  g.__PUBLIC_CONFIG__ ??= g.__TEST_PUBLIC_CONFIG__;
});

afterEach(cleanup);

it('links to both stores in a new tab', () => {
  render(<StoreBadges />);
  const ios = screen.getByRole('link', { name: "Télécharger dans l'App Store" });
  const android = screen.getByRole('link', { name: 'Disponible sur Google Play' });
  expect(ios.getAttribute('href')).toBe(publicConfig.iosStoreUrl);
  expect(android.getAttribute('href')).toBe(publicConfig.androidStoreUrl);
  for (const link of [ios, android]) {
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  }
});
