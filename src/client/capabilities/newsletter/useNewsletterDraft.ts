import { useEffect, useState } from 'react';
import type { NewsletterTarget } from './targets';

/** What the editor keeps of a newsletter being written; the test fields are the admin's own. */
interface NewsletterDraft {
  title: string;
  desc: string;
  letter: string;
  target: NewsletterTarget;
}

const EMPTY: NewsletterDraft = { title: '', desc: '', letter: '', target: 'both' };
const TARGETS: readonly NewsletterTarget[] = ['organisations', 'users', 'both'];

/** One draft per admin on a shared browser: one admin never opens another's. */
const keyOf = (adminId: string) => `unissons.newsletter-draft.${adminId}`;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

const isEmpty = (draft: NewsletterDraft) => !draft.title.trim() && !draft.desc.trim() && !draft.letter.trim();

function read(adminId: string): (NewsletterDraft & { savedAt: string }) | undefined {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(keyOf(adminId)) ?? 'null');
    if (!value || typeof value !== 'object') return undefined;
    const { title, desc, letter, target, savedAt } = value as Record<string, unknown>;
    if (typeof title !== 'string' || typeof desc !== 'string' || typeof letter !== 'string' || typeof savedAt !== 'string') return undefined;
    return { title, desc, letter, target: TARGETS.includes(target as NewsletterTarget) ? (target as NewsletterTarget) : 'both', savedAt };
  } catch {
    return undefined;
  }
}

/**
 * The newsletter being written, saved in this browser as it is typed, so that a reload, a
 * link followed or a closed tab loses nothing. `restoredAt` says when the draft found on
 * opening was saved; `discard` and `clear` (once sent) empty the editor and forget it.
 */
export function useNewsletterDraft(adminId: string) {
  const [initial] = useState(() => read(adminId));
  const [draft, setDraft] = useState<NewsletterDraft>(initial ?? EMPTY);
  const [restoredAt, setRestoredAt] = useState(initial && !isEmpty(initial) ? initial.savedAt : undefined);

  useEffect(() => {
    try {
      if (isEmpty(draft)) storage()?.removeItem(keyOf(adminId));
      else storage()?.setItem(keyOf(adminId), JSON.stringify({ ...draft, savedAt: new Date().toISOString() }));
    } catch {
      // A full or refused storage: the leaving warning still guards what is typed.
    }
  }, [adminId, draft]);

  return {
    draft,
    update: (change: Partial<NewsletterDraft>) => setDraft((current) => ({ ...current, ...change })),
    restoredAt,
    /** Something is written that has not been sent. */
    unsent: !isEmpty(draft),
    clear() {
      setDraft(EMPTY);
      setRestoredAt(undefined);
    },
  };
}
