import { useCallback, useEffect, useRef, useState } from 'react';
import { MODERATION_BULK_MAX, type BulkModerationAction, type BulkModerationResult, type ModerationQueue as Queue } from '../../../shared/moderation';
import { errorMessage } from '../../platform/http/http';
import { Button } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Spinner } from '../../platform/ui/Spinner';
import { useLive } from '../../platform/live/useLive';
import { fetchPendingSports, fetchPendingWords, fetchPublishedWords, fetchQueue, moderateInBulk, setWordVip, withdrawWord } from './api';
import { BulkBar } from './BulkBar';
import { bulkResultMessage, isAlreadyDone, itemAction } from './item-actions';
import { focusInPlace, focusItem, itemElements, ITEM_SELECTOR } from './queue-focus';
import { useShortcuts } from './shortcuts';
import { ShortcutList } from './ShortcutList';
import { MoreItems, withMorePages } from './paging';
import { PendingItem, SelectAll, type ItemKey } from './PendingItem';
import { UndoToast, type Toast } from './UndoToast';
import { useHeldRefusal } from './useHeldRefusal';
import './moderation.css';

const noun = (key: ItemKey) => (key.startsWith('word:') ? 'Mot' : 'Sport');

const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/**
 * PRODUCT.md /admin/moderation: pending words and sports, oldest first and 50 at a time, with
 * 'Approuver' and 'Refuser' each or on a selection, and keyboard shortcuts; published words,
 * newest first and 25 at a time, with the 'VIP' toggle and 'Retirer'. Refreshes live when anything changes, keeping as many
 * pages of each list as were shown. What another moderator did first is said, not an error.
 */
export function ModerationQueue() {
  const [queue, setQueue] = useState<Queue>();
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<string>();
  /** Good news or a neutral outcome ('déjà traité'), with 'Annuler' after an item's action. */
  const [toast, setToast] = useState<Toast>();
  /** Items acted on that leave the list at once: approvals under way, refusals held or under way. */
  const [leaving, setLeaving] = useState<ReadonlySet<ItemKey>>(new Set());
  const [selection, setSelection] = useState<ReadonlySet<ItemKey>>(new Set());
  const [asked, setConfirming] = useState<BulkModerationAction>();
  // A selection emptied meanwhile (others reviewed it, the live refresh took it away) has nothing left to confirm.
  const confirming = selection.size > 0 ? asked : undefined;
  const pages = useRef({ words: 1, sports: 1, published: 1 });
  // Only the latest load may show its answer: an older one would bring back reviewed items.
  const latestLoad = useRef(0);
  /** After an action, the item that takes the focus once it is shown, and whether it was asked by keyboard (J, K, A, R). */
  const focusNext = useRef<{ key: string; byKeyboard: boolean } | undefined>(undefined);

  const load = useCallback(async () => {
    const ticket = ++latestLoad.current;
    try {
      const first = await fetchQueue();
      const [pendingWords, pendingSports, publishedWords] = await Promise.all([
        withMorePages(first.pendingWords, pages.current.words, fetchPendingWords),
        withMorePages(first.pendingSports, pages.current.sports, fetchPendingSports),
        withMorePages(first.publishedWords, pages.current.published, fetchPublishedWords),
      ]);
      if (ticket !== latestLoad.current) return;
      setQueue({ pendingWords, pendingSports, publishedWords });
      // Items reviewed meanwhile (here or elsewhere) leave the selection with the list.
      const present = new Set<string>([...pendingWords.items.map((word) => `word:${word.id}`), ...pendingSports.items.map((sport) => `sport:${sport.id}`)]);
      setSelection((current) => (Array.from(current).every((key) => present.has(key)) ? current : new Set(Array.from(current).filter((key) => present.has(key)))));
    } catch (caught) {
      if (ticket === latestLoad.current) setError(errorMessage(caught));
    }
  }, []);
  useEffect(() => void load(), [load]);
  useLive('moderation', () => void load());

  useEffect(() => {
    const next = focusNext.current;
    if (!next) return;
    const item = itemElements().find((element) => element.dataset.moderationItem === next.key);
    if (item) {
      focusNext.current = undefined;
      if (next.byKeyboard) focusItem(item);
      else focusInPlace(item);
    }
  }, [queue, leaving]);

  async function showMore(list: 'words' | 'sports' | 'published') {
    setBusy(`more-${list}`);
    pages.current[list] += 1;
    await load();
    setBusy(undefined);
  }

  /** What another moderator did first is said, not an error. */
  function report(caught: unknown) {
    if (isAlreadyDone(caught)) setToast({ text: errorMessage(caught) });
    else setError(errorMessage(caught));
  }

  async function act(key: string, action: () => Promise<void>) {
    heldRefusal.sendNow();
    setBusy(key);
    setError(undefined);
    setToast(undefined);
    try {
      await action();
    } catch (caught) {
      report(caught);
    } finally {
      setBusy(undefined);
      void load();
    }
  }

  const setLeavingItem = (key: ItemKey, on: boolean) =>
    setLeaving((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  /** The item leaves the list now; the next one (or the previous, at the end) takes the focus. */
  function leave(key: ItemKey, byKeyboard: boolean) {
    const elements = itemElements();
    const index = elements.findIndex((element) => element.dataset.moderationItem === key);
    const next = (elements[index + 1] ?? elements[index - 1])?.dataset.moderationItem;
    focusNext.current = next ? { key: next, byKeyboard } : undefined;
    setError(undefined);
    setLeavingItem(key, true);
    select([key], false);
  }

  async function sendRefusal(key: ItemKey, keepalive: boolean) {
    // Sent: its 'Annuler' can no longer be kept.
    setToast((current) => (current?.key === key && current.onUndo ? undefined : current));
    try {
      await itemAction(key, 'refuse', keepalive);
    } catch (caught) {
      report(caught);
    } finally {
      await load();
      setLeavingItem(key, false);
    }
  }

  const heldRefusal = useHeldRefusal((key, keepalive) => void sendRefusal(key, keepalive));

  /** Refusing deletes: the page holds the refusal while 'Annuler' is offered (decision 0037). */
  function refuse(key: ItemKey, byKeyboard = false) {
    leave(key, byKeyboard);
    heldRefusal.hold(key);
    setToast({
      key,
      text: `${noun(key)} refusé.`,
      onUndo() {
        if (!heldRefusal.cancel(key)) return;
        focusNext.current = { key, byKeyboard: false };
        setLeavingItem(key, false);
        setToast({ key, text: 'Refus annulé.' });
      },
    });
  }

  /** Approving is sent at once (the wall follows live) and taken back by 'Annuler'. */
  async function approve(key: ItemKey, byKeyboard = false) {
    heldRefusal.sendNow();
    leave(key, byKeyboard);
    try {
      await itemAction(key, 'approve');
      setToast({ key, text: `${noun(key)} approuvé.`, onUndo: () => void unapprove(key) });
    } catch (caught) {
      report(caught);
    } finally {
      await load();
      setLeavingItem(key, false);
    }
  }

  async function unapprove(key: ItemKey) {
    setToast(undefined);
    try {
      await itemAction(key, 'unapprove');
      focusNext.current = { key, byKeyboard: false };
      setToast({ key, text: 'Approbation annulée.' });
    } catch (caught) {
      report(caught);
    } finally {
      void load();
    }
  }

  function select(keys: ItemKey[], selected: boolean) {
    setSelection((current) => {
      const next = new Set(current);
      for (const key of keys) {
        if (selected) next.add(key);
        else next.delete(key);
      }
      return next;
    });
  }

  async function runBulk() {
    const action = confirming;
    if (!action || busy) return;
    const ids = (type: 'word' | 'sport') => Array.from(selection).filter((key) => key.startsWith(`${type}:`)).map((key) => key.slice(type.length + 1));
    const [words, sports] = [ids('word'), ids('sport')];
    heldRefusal.sendNow();
    setBusy('bulk');
    setError(undefined);
    setToast(undefined);
    const total: BulkModerationResult = { done: 0, alreadyDone: 0 };
    try {
      // The server takes MODERATION_BULK_MAX of each at a time; a longer selection goes in turns.
      for (let from = 0; from < Math.max(words.length, sports.length); from += MODERATION_BULK_MAX) {
        const result = await moderateInBulk({ action, words: words.slice(from, from + MODERATION_BULK_MAX), sports: sports.slice(from, from + MODERATION_BULK_MAX) });
        total.done += result.done;
        total.alreadyDone += result.alreadyDone;
      }
      setSelection(new Set());
      setToast({ text: bulkResultMessage(action, total) });
    } catch (caught) {
      setError(total.done + total.alreadyDone > 0 ? `${bulkResultMessage(action, total)} ${errorMessage(caught)}` : errorMessage(caught));
    } finally {
      setBusy(undefined);
      setConfirming(undefined);
      void load();
    }
  }

  useShortcuts((keys) => {
    if (!queue || busy) return;
    const elements = itemElements();
    const current = (document.activeElement?.closest(ITEM_SELECTOR) ?? undefined) as HTMLElement | undefined;
    const index = current ? elements.indexOf(current) : -1;
    const key = current?.dataset.moderationItem as ItemKey | undefined;
    switch (keys) {
      case 'J':
        focusItem(elements[Math.min(index + 1, elements.length - 1)]);
        return;
      case 'K':
        focusItem(elements[Math.max(index - 1, 0)]);
        return;
      case 'X':
        if (key) select([key], !selection.has(key));
        return;
      case 'A':
        if (key) void approve(key, true);
        return;
      case 'R':
        if (key) refuse(key, true);
        return;
      case 'Shift+A':
      case 'Shift+R':
        if (selection.size > 0) setConfirming(keys === 'Shift+A' ? 'approve' : 'refuse');
        return;
    }
  });

  if (!queue) return error ? <ErrorBox message={error} /> : <Spinner label="Chargement de la file de modération…" />;

  const pendingWords = queue.pendingWords.items.filter((word) => !leaving.has(`word:${word.id}`));
  const pendingSports = queue.pendingSports.items.filter((sport) => !leaving.has(`sport:${sport.id}`));
  const wordKeys = pendingWords.map((word) => `word:${word.id}` as const);
  const sportKeys = pendingSports.map((sport) => `sport:${sport.id}` as const);
  // The totals count the items still on the page but leaving it.
  const wordTotal = queue.pendingWords.total - (queue.pendingWords.items.length - pendingWords.length);
  const sportTotal = queue.pendingSports.total - (queue.pendingSports.items.length - pendingSports.length);

  return (
    <div className="stack stack--large">
      <ShortcutList />
      {wordKeys.length + sportKeys.length > 0 && (
        <BulkBar
          selected={selection.size}
          confirming={confirming}
          busy={busy === 'bulk'}
          onAsk={setConfirming}
          onConfirm={() => void runBulk()}
          onCancel={() => setConfirming(undefined)}
          onClear={() => setSelection(new Set())}
        />
      )}
      <UndoToast toast={toast} onExpire={() => setToast(undefined)} />
      {error && <ErrorBox message={error} />}
      <section aria-labelledby="pending-words" className="stack">
        <div className="moderation-heading">
          <h2 id="pending-words">Mots de soutien en attente ({wordTotal})</h2>
          <SelectAll label="Sélectionner tous les mots affichés" keys={wordKeys} selection={selection} onChange={select} />
        </div>
        {pendingWords.length === 0 ? (
          <p className="muted">Aucun mot en attente.</p>
        ) : (
          <ul className="moderation-list" role="list">
            {pendingWords.map((word) => {
              const key = `word:${word.id}` as const;
              return (
                <PendingItem
                  key={key}
                  itemKey={key}
                  text={<blockquote className="moderation-item__text">{word.content}</blockquote>}
                  name={word.content}
                  meta={`${word.author} · ${formatDate(word.createdAt)}`}
                  selected={selection.has(key)}
                  onSelect={(selected) => select([key], selected)}
                  onApprove={() => void approve(key)}
                  onRefuse={() => refuse(key)}
                />
              );
            })}
          </ul>
        )}
        <MoreItems page={queue.pendingWords} busy={busy === 'more-words'} onMore={() => void showMore('words')} />
      </section>

      <section aria-labelledby="pending-sports" className="stack">
        <div className="moderation-heading">
          <h2 id="pending-sports">Sports suggérés en attente ({sportTotal})</h2>
          <SelectAll label="Sélectionner tous les sports affichés" keys={sportKeys} selection={selection} onChange={select} />
        </div>
        {pendingSports.length === 0 ? (
          <p className="muted">Aucun sport en attente.</p>
        ) : (
          <ul className="moderation-list" role="list">
            {pendingSports.map((sport) => {
              const key = `sport:${sport.id}` as const;
              return (
                <PendingItem
                  key={key}
                  itemKey={key}
                  text={
                    <p className="moderation-item__text">
                      <span aria-hidden="true">{sport.emoji || '🏅'}</span> {sport.name}
                    </p>
                  }
                  name={sport.name}
                  meta={`${sport.submittedBy} · ${formatDate(sport.createdAt)}`}
                  selected={selection.has(key)}
                  onSelect={(selected) => select([key], selected)}
                  onApprove={() => void approve(key)}
                  onRefuse={() => refuse(key)}
                />
              );
            })}
          </ul>
        )}
        <MoreItems page={queue.pendingSports} busy={busy === 'more-sports'} onMore={() => void showMore('sports')} />
      </section>

      <section aria-labelledby="published-words" className="stack">
        <h2 id="published-words">Mots publiés</h2>
        {queue.publishedWords.items.length === 0 ? (
          <p className="muted">Aucun mot publié pour l'instant.</p>
        ) : (
          <ul className="moderation-list" role="list">
            {queue.publishedWords.items.map((word) => (
              <li key={word.id} className={word.vip ? 'card moderation-item moderation-item--vip' : 'card moderation-item'}>
                <blockquote className="moderation-item__text">{word.content}</blockquote>
                <p className="muted">{word.author}</p>
                <div className="cluster">
                  <button
                    type="button"
                    className="chip"
                    aria-pressed={word.vip}
                    disabled={busy === `vip-${word.id}`}
                    onClick={() => act(`vip-${word.id}`, () => setWordVip(word.id, !word.vip))}
                  >
                    VIP
                  </button>
                  <Button size="small" variant="ghost" busy={busy === `withdraw-${word.id}`} onClick={() => act(`withdraw-${word.id}`, () => withdrawWord(word.id))}>
                    Retirer
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <MoreItems page={queue.publishedWords} busy={busy === 'more-published'} onMore={() => void showMore('published')} />
      </section>
    </div>
  );
}
