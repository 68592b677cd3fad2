// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Field, type FieldProps } from './Field';

afterEach(cleanup);

/** A controlled Field, as pages use it. */
function Controlled(props: Omit<FieldProps, 'value' | 'onChange'> & { initial?: string }) {
  const { initial = '', ...rest } = props;
  const [value, setValue] = useState(initial);
  return <Field {...rest} value={value} onChange={setValue} />;
}

function describedText(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('Field', () => {
  it('ties the label to the input and reports typed values', () => {
    const onChange = vi.fn();
    render(<Field label="Adresse mail" type="email" value="" onChange={onChange} autoComplete="email" />);
    const input = screen.getByLabelText('Adresse mail') as HTMLInputElement;
    expect(input.tagName).toBe('INPUT');
    expect(input.type).toBe('email');
    expect(input.getAttribute('autocomplete')).toBe('email');
    expect(input.hasAttribute('aria-invalid')).toBe(false);

    fireEvent.change(input, { target: { value: 'a@b.fr' } });
    expect(onChange).toHaveBeenCalledWith('a@b.fr');
  });

  it('marks an invalid field and links its message', () => {
    render(
      <Field label="Adresse mail" value="nope" onChange={() => {}} invalid message="Adresse mail invalide" />,
    );
    const input = screen.getByLabelText('Adresse mail');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(input)).toBe('Adresse mail invalide');
    const message = screen.getByText('Adresse mail invalide');
    expect(message.getAttribute('aria-live')).toBe('polite');
    expect(input.closest('.field')?.classList.contains('field--invalid')).toBe(true);
    // The state also shows as an icon, not colour alone.
    expect(input.parentElement?.querySelector('.field__icon')).not.toBeNull();
  });

  it('shows a problem with what is typed only once the field is left, or at once when marked', () => {
    const { rerender } = render(<Field label="Adresse mail" value="lea@" onChange={() => {}} problem="Adresse mail invalide" />);
    const input = screen.getByLabelText('Adresse mail');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Adresse mail invalide')).toBeNull();
    fireEvent.blur(input);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(input)).toBe('Adresse mail invalide');
    // Then it follows every key.
    rerender(<Field label="Adresse mail" value="lea@exemple.fr" onChange={() => {}} />);
    expect(input.getAttribute('aria-invalid')).toBeNull();
    cleanup();
    render(<Field label="Nom" value="x" onChange={() => {}} problem="Trop court" invalid />);
    expect(screen.getByText('Trop court')).toBeTruthy();
  });

  it('shows the valid state without aria-invalid', () => {
    render(<Field label="Nom" value="Zoé" onChange={() => {}} valid />);
    const input = screen.getByLabelText('Nom');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.closest('.field')?.classList.contains('field--valid')).toBe(true);
  });

  it('describes the field with its hint too', () => {
    render(<Field label="Mot de passe" type="password" value="" onChange={() => {}} hint="8 caractères au moins" />);
    expect(describedText(screen.getByLabelText('Mot de passe'))).toBe('8 caractères au moins');
  });

  it('toggles the password visibility with an accessible button', () => {
    render(<Controlled label="Mot de passe" type="password" initial="Secret-123" />);
    const input = screen.getByLabelText('Mot de passe') as HTMLInputElement;
    expect(input.type).toBe('password');

    const show = screen.getByRole('button', { name: 'Afficher le mot de passe' });
    expect(show.getAttribute('aria-pressed')).toBe('false');
    expect(show.getAttribute('type')).toBe('button');
    fireEvent.click(show);

    expect(input.type).toBe('text');
    const hide = screen.getByRole('button', { name: 'Masquer le mot de passe' });
    expect(hide.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(hide);
    expect(input.type).toBe('password');
    expect(input.value).toBe('Secret-123');
  });

  it('renders a textarea with a counter', () => {
    render(<Controlled label="Ton message" type="textarea" maxLength={150} showCount initial="Allez !" />);
    const textarea = screen.getByLabelText('Ton message') as HTMLTextAreaElement;
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(screen.getByText('7/150')).toBeTruthy();
    fireEvent.change(textarea, { target: { value: 'Allez les bleus !' } });
    expect(screen.getByText('17/150')).toBeTruthy();
    expect(describedText(textarea)).toBe('17/150');
    // Heard near the limit only, not at each key.
    expect(screen.getByText('17/150').closest('[aria-live]')).toBeNull();
    const live = document.querySelector('.visually-hidden[aria-live="polite"]')!;
    expect(live.textContent).toBe('');
    fireEvent.change(textarea, { target: { value: 'a'.repeat(120) } });
    expect(live.textContent).toBe('Tu approches de la limite de 150 caractères.');
    fireEvent.change(textarea, { target: { value: 'a'.repeat(150) } });
    expect(live.textContent).toBe('Limite atteinte : 150 caractères au maximum.');
  });

  it('forwards its ref to the input', () => {
    const ref = createRef<HTMLInputElement | HTMLTextAreaElement>();
    render(<Field label="Prénom" value="" onChange={() => {}} ref={ref} />);
    expect(ref.current).toBe(screen.getByLabelText('Prénom'));
  });

  it('uses aria-required rather than the native attribute', () => {
    render(<Field label="Nom" value="" onChange={() => {}} required />);
    const input = screen.getByLabelText('Nom');
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(input.hasAttribute('required')).toBe(false);
  });
});
