/** Spec §3 reactions, with the names the vote page gives them (PRODUCT.md). */
export const REACTIONS = ['love', 'wow', 'no'] as const;
export type Reaction = (typeof REACTIONS)[number];

export const REACTION_LABELS: Record<Reaction, { label: string; emoji: string }> = {
  love: { label: "J'adore", emoji: '😍' },
  wow: { label: 'Waouh', emoji: '🤩' },
  no: { label: 'Bof', emoji: '🙄' },
};

export type ReactionCounts = Record<Reaction, number>;

/** The place of the prerendered /vote where the server writes the public sports, for those without JavaScript. */
export const SPORTS_PART = 'sports';

/** GET /api/sports: public sports, most reactions first, ties by name. */
export interface SportItem {
  id: string;
  name: string;
  emoji: string;
  reactions: ReactionCounts;
}

export interface SportsResponse {
  sports: SportItem[];
}

/** GET /api/sports/mine: the member's reaction per sport id. */
export interface MyReactionsResponse {
  reactions: Record<string, Reaction>;
}

/**
 * GET /api/sports/check?name=…: whether a suggestion, pending too, already holds the name;
 * when one does, its id and whether it is on the vote list yet (approved), so the form can
 * lead to it there.
 */
export interface SportCheck {
  taken: boolean;
  existing?: { id: string; listed: boolean };
}

/** POST /api/sports */
export interface NewSportPayload {
  name: string;
  emoji: string;
}

/** POST /api/sports/:id/reaction → the sport's counts after the toggle and the member's choice. */
export interface ReactionResult {
  reactions: ReactionCounts;
  mine: Reaction | null;
}

/**
 * Spec §4 toggle rule, as the client's optimistic update applies it (the server does the
 * same in one SQL statement): the same reaction removes it, another one moves the member.
 */
export function toggleReaction(counts: ReactionCounts, mine: Reaction | null, clicked: Reaction): ReactionResult {
  const next = { ...counts };
  if (mine) next[mine] = Math.max(0, next[mine] - 1);
  if (mine === clicked) return { reactions: next, mine: null };
  next[clicked] += 1;
  return { reactions: next, mine: clicked };
}

const totalReactions = (counts: ReactionCounts) => counts.love + counts.wow + counts.no;

/** Most reactions first, ties by name in French order. */
export function compareSports(a: SportItem, b: SportItem): number {
  return totalReactions(b.reactions) - totalReactions(a.reactions) || a.name.localeCompare(b.name, 'fr');
}
