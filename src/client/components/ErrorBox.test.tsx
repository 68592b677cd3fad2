// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { ERROR_BOX_TITLE } from '../../shared/messages';
import { publicConfig } from '../config';
import { ErrorBox } from './ErrorBox';

// happy-dom files are transformed in "web" mode, where Vitest does not inline `define`
// constants but reads a global set before the setup files ran. Remove once
// tests/setup/public-config.ts also sets __PUBLIC_CONFIG__.
vi.hoisted(() => {
  const g = globalThis as { __PUBLIC_CONFIG__?: unknown; __TEST_PUBLIC_CONFIG__?: unknown };
  g.__PUBLIC_CONFIG__ ??= g.__TEST_PUBLIC_CONFIG__;
});

afterEach(cleanup);

it('shows the title, the message and the contact e-mail in an alert', () => {
  render(<ErrorBox message="Cette adresse mail est déjà utilisée 🙁" />);
  const alert = screen.getByRole('alert');
  expect(alert.textContent).toContain('Oups ! Huston, on a un problème :');
  expect(alert.textContent).toContain(ERROR_BOX_TITLE);
  expect(alert.textContent).toContain('Cette adresse mail est déjà utilisée 🙁');

  const email = publicConfig.contactEmail;
  expect(email).toBe('contact@example.org');
  const link = screen.getByRole('link', { name: email });
  expect(link.getAttribute('href')).toBe(`mailto:${email}`);
  expect(alert.contains(link)).toBe(true);
});
