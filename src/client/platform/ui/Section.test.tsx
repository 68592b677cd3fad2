// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { Section } from './Section';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('is a region named by its heading, revealed when IntersectionObserver is missing', () => {
  vi.stubGlobal('IntersectionObserver', undefined);
  render(
    <Section eyebrow="Nos objectifs" title="Pourquoi ce projet ?" lead="Trois constats." tone="brand">
      <p>Contenu</p>
    </Section>,
  );
  const region = screen.getByRole('region', { name: 'Pourquoi ce projet ?' });
  expect(region.classList.contains('theme-dark')).toBe(true);
  expect(screen.getByRole('heading', { level: 2, name: 'Pourquoi ce projet ?' })).toBeTruthy();
  expect(screen.getByText('Trois constats.').className).toBe('lead');
  // Without IntersectionObserver the content must not stay hidden.
  expect(region.querySelector('.reveal')?.classList.contains('is-visible')).toBe(true);
});
