// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { publicConfig } from '../../config';
import { StoreBadges } from './StoreBadges';

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
