// @vitest-environment happy-dom
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { DISABLED_BUTTON_TOOLTIP } from '../../../shared/messages';
import { Button } from './Button';
import { Checkbox } from './Checkbox';
import { Field } from './Field';
import { useHeldBack } from './useHeldBack';

afterEach(cleanup);

/** A form whose button needs a name and a ticked box. */
function Form({ quiet = false }: { quiet?: boolean }) {
  const [name, setName] = useState('Léa');
  const [ticked, setTicked] = useState(false);
  const heldBack = useHeldBack([
    { key: 'name', label: 'Prénom', id: 'name', holds: name.trim() === '' },
    { key: 'box', label: 'case des conditions', id: 'box', holds: !ticked },
  ], { started: !quiet });
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <Field id="name" label="Prénom" value={name} onChange={setName} invalid={heldBack.marks('name')} message={heldBack.marks('name') ? 'Indique ton prénom' : undefined} />
      <Checkbox
        id="box"
        label="J'accepte"
        checked={ticked}
        onChange={setTicked}
        invalid={heldBack.marks('box')}
        message={heldBack.marks('box') ? 'Coche cette case pour continuer' : undefined}
      />
      <Button type="submit" enabled={name.trim() !== '' && ticked} {...heldBack.buttonProps}>
        Envoyer
      </Button>
    </form>
  );
}

const describedText = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

it('names under the button, and in its description, the fields that keep it from working', () => {
  render(<Form />);
  const button = screen.getByRole('button', { name: 'Envoyer' });
  expect(screen.getByText('À compléter : case des conditions')).toBeTruthy();
  expect(describedText(button)).toBe(`${DISABLED_BUTTON_TOOLTIP} | À compléter : case des conditions`);
  // Nothing is marked red before the button is pressed.
  expect(screen.getByRole('checkbox').getAttribute('aria-invalid')).toBeNull();

  fireEvent.change(screen.getByLabelText('Prénom'), { target: { value: ' ' } });
  expect(screen.getByText('À compléter : Prénom, case des conditions')).toBeTruthy();
});

it('pressed from the keyboard: keeps the tooltip, marks what holds it back and focuses the first', () => {
  render(<Form />);
  // Enter or Space: a click whose detail is 0.
  fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }), { detail: 0 });
  expect(screen.getByRole('tooltip').hidden).toBe(false);
  const box = screen.getByRole('checkbox');
  expect(document.activeElement).toBe(box);
  expect(box.getAttribute('aria-invalid')).toBe('true');
  expect(describedText(box)).toBe('Coche cette case pour continuer');
  // The name is fine: not marked.
  expect(screen.getByLabelText('Prénom').getAttribute('aria-invalid')).toBeNull();

  fireEvent.click(box);
  expect(box.getAttribute('aria-invalid')).toBeNull();
  expect(screen.queryByText('Coche cette case pour continuer')).toBeNull();
  expect(screen.queryByText(/À compléter/)).toBeNull();
  expect(screen.getByRole('button', { name: 'Envoyer' }).getAttribute('aria-disabled')).toBeNull();
});

it('tapped or clicked: marks what holds it back and leaves the focus, so the tooltip stays under the finger', () => {
  render(<Form />);
  const button = screen.getByRole('button', { name: 'Envoyer' });
  fireEvent.click(button, { detail: 1 });
  expect(screen.getByRole('checkbox').getAttribute('aria-invalid')).toBe('true');
  expect(screen.getByText('Coche cette case pour continuer')).toBeTruthy();
  expect(document.activeElement).not.toBe(screen.getByRole('checkbox'));
  expect(screen.getByRole('tooltip').hidden).toBe(false);
});

it('stays quiet on a form not yet started, until its button is pressed', () => {
  render(<Form quiet />);
  expect(screen.queryByText(/À compléter/)).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }), { detail: 1 });
  expect(screen.getByText('À compléter : case des conditions')).toBeTruthy();
});
