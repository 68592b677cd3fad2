import { compareSports, type SportItem } from '../../../shared/sports';

/**
 * The list is sorted when it first loads; afterwards, live count changes must not make a
 * row jump away from the finger about to tap it. Known sports keep their place, new ones
 * come in sorted at the end, removed ones leave.
 */
export function keepOrder(previous: string[], sports: SportItem[]): string[] {
  const ids = new Set(sports.map((sport) => sport.id));
  const kept = previous.filter((id) => ids.has(id));
  const known = new Set(kept);
  const added = sports.filter((sport) => !known.has(sport.id)).sort(compareSports);
  return [...kept, ...added.map((sport) => sport.id)];
}
