import type { WordItem } from '../../../shared/words';

/** Spec §4: one entry per author on the wall ('Inconnu' words are each their own author). */
export function onePerAuthor(words: WordItem[]): WordItem[] {
  const seen = new Set<string>();
  return words.filter((word) => {
    if (word.author === 'Inconnu') return true;
    if (seen.has(word.author)) return false;
    seen.add(word.author);
    return true;
  });
}

/** Spec §9: the wall scrolls for 4 seconds per entry. */
export const wallDurationSeconds = (entries: number) => 4 * entries;
