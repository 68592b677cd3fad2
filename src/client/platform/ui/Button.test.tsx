// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISABLED_BUTTON_TOOLTIP } from '../../../shared/messages';
import { Button, ButtonLink } from './Button';

afterEach(cleanup);

describe('Button', () => {
  it('calls onClick when enabled', () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Publier</Button>);
    fireEvent.click(screen.getByRole('button', { name: 'Publier' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('stays focusable but ignores clicks and submits when not enabled', () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit" enabled={false} onClick={onClick}>
          Se connecter
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Se connecter' });
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');

    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits its form when enabled (control for the test above)', () => {
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit">Se connecter</Button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('describes itself with the tooltip and shows it on keyboard focus', () => {
    render(<Button enabled={false}>Continuer</Button>);
    const button = screen.getByRole('button', { name: 'Continuer' });

    // Linked for screen readers even before it is shown.
    const describedBy = button.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    const tooltip = document.getElementById(describedBy!);
    expect(tooltip?.getAttribute('role')).toBe('tooltip');
    expect(tooltip?.textContent).toBe(DISABLED_BUTTON_TOOLTIP);
    expect(screen.queryByRole('tooltip')).toBeNull();

    act(() => button.focus());
    expect(screen.getByRole('tooltip').textContent).toBe(DISABLED_BUTTON_TOOLTIP);
    expect(screen.getByRole('tooltip').id).toBe(describedBy);

    // Escape dismisses it (WCAG 1.4.13), blur hides it.
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => button.blur());
    act(() => button.focus());
    expect(screen.getByRole('tooltip')).toBeTruthy();
    act(() => button.blur());
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows the tooltip on hover', () => {
    render(<Button enabled={false}>Continuer</Button>);
    const wrapper = screen.getByRole('button', { name: 'Continuer' }).parentElement!;
    fireEvent.mouseEnter(wrapper);
    expect(screen.getByRole('tooltip').textContent).toBe(DISABLED_BUTTON_TOOLTIP);
    fireEvent.mouseLeave(wrapper);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('stays quiet when it turns not enabled under the focus or the pointer, until pressed', () => {
    const { rerender } = render(<Button>Enregistrer</Button>);
    const button = screen.getByRole('button', { name: 'Enregistrer' });
    act(() => button.focus());
    fireEvent.mouseEnter(button.parentElement!);
    // The form saved and emptied its fields: the button it was pressed with is not enabled any more.
    rerender(<Button enabled={false}>Enregistrer</Button>);
    expect(screen.queryByRole('tooltip')).toBeNull();

    fireEvent.click(button);
    expect(screen.getByRole('tooltip').textContent).toBe(DISABLED_BUTTON_TOOLTIP);
    // Enabled again then not: still nothing until it is reached or pressed again.
    rerender(<Button>Enregistrer</Button>);
    rerender(<Button enabled={false}>Enregistrer</Button>);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('has no tooltip when enabled', () => {
    render(<Button aria-describedby="other">Continuer</Button>);
    const button = screen.getByRole('button', { name: 'Continuer' });
    expect(button.getAttribute('aria-describedby')).toBe('other');
    act(() => button.focus());
    expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull();
  });

  it('shows a spinner, keeps its name and ignores clicks while busy', () => {
    const onClick = vi.fn();
    render(
      <Button busy onClick={onClick}>
        Envoyer
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Envoyer' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.querySelector('.spinner__circle')).not.toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Chargement…');

    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('ButtonLink', () => {
  it('is a link styled as a button', () => {
    const router = createMemoryRouter([
      { path: '/', element: <ButtonLink to="/account">Rejoindre</ButtonLink> },
    ]);
    render(<RouterProvider router={router} />);
    const link = screen.getByRole('link', { name: 'Rejoindre' });
    expect(link.getAttribute('href')).toBe('/account');
    expect(link.className).toBe('btn btn--primary');
  });
});
