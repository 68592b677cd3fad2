// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { ERROR_BOX_TITLE } from '../../../shared/messages';
import { publicConfig } from '../../config';
import { ErrorBox } from './ErrorBox';

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
