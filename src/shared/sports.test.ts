import { describe, expect, it } from 'vitest';
import { compareSports, toggleReaction, type SportItem } from './sports';

describe('reaction toggle (spec §4)', () => {
  const counts = { love: 2, wow: 1, no: 0 };

  it('adds a reaction when the member has none', () => {
    expect(toggleReaction(counts, null, 'no')).toEqual({ reactions: { love: 2, wow: 1, no: 1 }, mine: 'no' });
  });

  it('removes the reaction when the same one is clicked again', () => {
    expect(toggleReaction(counts, 'love', 'love')).toEqual({ reactions: { love: 1, wow: 1, no: 0 }, mine: null });
  });

  it('moves the member when another one is clicked', () => {
    expect(toggleReaction(counts, 'wow', 'love')).toEqual({ reactions: { love: 3, wow: 0, no: 0 }, mine: 'love' });
  });

  it('never counts below zero, even from stale counts', () => {
    expect(toggleReaction({ love: 0, wow: 0, no: 0 }, 'love', 'love').reactions.love).toBe(0);
  });
});

describe('sport order', () => {
  const sport = (name: string, love: number): SportItem => ({ id: name.toLowerCase(), name, emoji: '', reactions: { love, wow: 0, no: 0 } });

  it('puts most reactions first, then names in French order', () => {
    const sorted = [sport('Tennis', 1), sport('Équitation', 3), sport('Escalade', 3), sport('Aviron', 1)].sort(compareSports);
    expect(sorted.map((item) => item.name)).toEqual(['Équitation', 'Escalade', 'Aviron', 'Tennis']);
  });
});
