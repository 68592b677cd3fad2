import { expect, it } from 'vitest';
import type { SportItem } from '../../../shared/sports';
import { keepOrder } from './stable-order';

const sport = (id: string, love: number): SportItem => ({ id, name: id, emoji: '', reactions: { love, wow: 0, no: 0 } });

it('sorts the first load, then keeps places while counts change', () => {
  const first = keepOrder([], [sport('judo', 1), sport('aviron', 5), sport('tennis', 1)]);
  expect(first).toEqual(['aviron', 'judo', 'tennis']);
  const later = keepOrder(first, [sport('judo', 9), sport('aviron', 5), sport('tennis', 1), sport('kayak', 2), sport('golf', 3)]);
  expect(later).toEqual(['aviron', 'judo', 'tennis', 'golf', 'kayak']);
  expect(keepOrder(later, [sport('tennis', 1)])).toEqual(['tennis']);
});
