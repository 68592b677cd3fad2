// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { usePrefersReducedMotion } from './usePrefersReducedMotion';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Probe() {
  return <p>{usePrefersReducedMotion() ? 'reduce' : 'motion'}</p>;
}

it('follows the media query', () => {
  let matches = true;
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    media: query,
    get matches() {
      return matches;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  }));

  render(<Probe />);
  expect(screen.getByText('reduce')).toBeTruthy();

  matches = false;
  act(() => listeners.forEach((listener) => listener()));
  expect(screen.getByText('motion')).toBeTruthy();
});
