// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { StarRating } from './StarRating';

afterEach(cleanup);

function Rated({ initial }: { initial?: number }) {
  const [value, setValue] = useState(initial);
  return (
    <fieldset>
      <legend>Ta note</legend>
      <StarRating value={value} onChange={setValue} />
    </fieldset>
  );
}

const stars = (container: HTMLElement) =>
  [...container.querySelectorAll('.star')].map((star) => star.className.replace('star star--', ''));

describe('StarRating', () => {
  it('offers the eleven values 0 to 5 by halves, each named for screen readers', () => {
    render(<Rated />);
    expect(screen.getAllByRole('radio')).toHaveLength(11);
    for (const text of ['0 sur 5', '0,5 sur 5', '2,5 sur 5', '5 sur 5']) expect(screen.getByLabelText(text)).toBeTruthy();
    expect(screen.getAllByRole('radio').every((radio) => !(radio as HTMLInputElement).checked)).toBe(true);
    expect(screen.getByText('Pas encore de note')).toBeTruthy();
  });

  it('fills whole and half stars for the chosen value', () => {
    const { container } = render(<Rated />);
    fireEvent.click(screen.getByLabelText('3,5 sur 5'));
    expect((screen.getByLabelText('3,5 sur 5') as HTMLInputElement).checked).toBe(true);
    expect(stars(container)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(screen.getByText('3,5 sur 5', { selector: '.star-rating__value' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('0 sur 5'));
    expect(stars(container)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
    expect(screen.getByText('0 sur 5', { selector: '.star-rating__value' })).toBeTruthy();
  });

  it('gives a star its whole value, and its half when pressed again', () => {
    const { container } = render(<Rated />);
    const star = (n: number) => container.querySelectorAll('.star__target')[n - 1];
    fireEvent.click(star(4));
    expect((screen.getByLabelText('4 sur 5') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(star(4));
    expect((screen.getByLabelText('3,5 sur 5') as HTMLInputElement).checked).toBe(true);
    expect(stars(container)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    fireEvent.click(star(4));
    expect((screen.getByLabelText('4 sur 5') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(star(2));
    expect((screen.getByLabelText('2 sur 5') as HTMLInputElement).checked).toBe(true);
  });

  it('previews what a press would give under the pointer, without choosing it', () => {
    const { container } = render(<Rated initial={1} />);
    const targets = container.querySelectorAll('.star__target');
    fireEvent.pointerEnter(targets[4], { pointerType: 'mouse' });
    expect(stars(container)).toEqual(['full', 'full', 'full', 'full', 'full']);
    fireEvent.pointerEnter(targets[0], { pointerType: 'mouse' });
    expect(stars(container)).toEqual(['half', 'empty', 'empty', 'empty', 'empty']);
    // A finger's pointer previews nothing.
    fireEvent.pointerEnter(targets[4], { pointerType: 'touch' });
    expect(stars(container)).toEqual(['half', 'empty', 'empty', 'empty', 'empty']);
    fireEvent.pointerLeave(container.querySelector('.star-rating__scale')!);
    expect(stars(container)).toEqual(['full', 'empty', 'empty', 'empty', 'empty']);
    expect((screen.getByLabelText('1 sur 5') as HTMLInputElement).checked).toBe(true);
  });
});
