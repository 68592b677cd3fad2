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

  it('previews a value under the pointer without choosing it', () => {
    const { container } = render(<Rated initial={1} />);
    fireEvent.mouseEnter(container.querySelector('label[for$="-9"]')!);
    expect(stars(container)).toEqual(['full', 'full', 'full', 'full', 'half']);
    fireEvent.mouseLeave(container.querySelector('.star-rating__scale')!);
    expect(stars(container)).toEqual(['full', 'empty', 'empty', 'empty', 'empty']);
    expect((screen.getByLabelText('1 sur 5') as HTMLInputElement).checked).toBe(true);
  });
});
