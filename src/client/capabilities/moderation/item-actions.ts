import type { BulkModerationAction, BulkModerationResult } from '../../../shared/moderation';
import { ApiError } from '../../platform/http/http';
import { approveSport, approveWord, refuseSport, refuseWord, unapproveSport, unapproveWord } from './api';
import { items } from './BulkBar';
import type { ItemKey } from './PendingItem';

/** What a bulk action did, in French: how many done, and how many someone else did first. */
export function bulkResultMessage(action: BulkModerationAction, { done, alreadyDone }: BulkModerationResult): string {
  const verb = action === 'approve' ? 'approuvé' : 'refusé';
  const doneText = `${items(done)} ${verb}${done > 1 ? 's' : ''}.`;
  if (alreadyDone === 0) return doneText;
  const others = alreadyDone > 1 ? `${alreadyDone} étaient déjà traités` : '1 était déjà traité';
  return `${doneText} ${others} par quelqu'un d'autre.`;
}

export const isAlreadyDone = (error: unknown) => error instanceof ApiError && error.code === 'moderation/already-done';

/** An item's action, by its key. */
export function itemAction(key: ItemKey, action: 'approve' | 'unapprove' | 'refuse', keepalive = false) {
  const [type, id] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
  const word = type === 'word';
  if (action === 'approve') return word ? approveWord(id) : approveSport(id);
  if (action === 'unapprove') return word ? unapproveWord(id) : unapproveSport(id);
  return word ? refuseWord(id, keepalive) : refuseSport(id, keepalive);
}
