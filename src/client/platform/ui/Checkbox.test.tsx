// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { Checkbox } from './Checkbox';

afterEach(cleanup);

it('is a labelled checkbox that reports its new state', () => {
  const onChange = vi.fn();
  render(
    <Checkbox
      name="terms"
      checked={false}
      onChange={onChange}
      label={
        <>
          J'accepte les <a href="/cgu.pdf">conditions d'utilisation</a> et j'ai plus de 18 ans
        </>
      }
    />,
  );
  const checkbox = screen.getByRole('checkbox', { name: /conditions d'utilisation.*18 ans/ });
  expect(checkbox.getAttribute('name')).toBe('terms');
  fireEvent.click(checkbox);
  expect(onChange).toHaveBeenCalledWith(true);
  // The link inside the label stays a link.
  expect(screen.getByRole('link', { name: "conditions d'utilisation" })).toBeTruthy();
});
