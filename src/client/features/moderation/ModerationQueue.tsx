import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { ModerationQueue as Queue, PendingPage } from '../../../shared/moderation';
import { errorMessage } from '../../api/http';
import { Button } from '../../components/Button';
import { ErrorBox } from '../../components/ErrorBox';
import { Spinner } from '../../components/Spinner';
import { useLive } from '../../hooks/useLive';
import { approveSport, approveWord, fetchPendingSports, fetchPendingWords, fetchQueue, refuseSport, refuseWord, setWordVip } from './api';
import './moderation.css';

interface PendingItemProps {
  text: ReactNode;
  meta: string;
  itemKey: string;
  /** The key of the action under way, if any. */
  busy: string | undefined;
  onApprove(): void;
  onRefuse(): void;
}

/** A word or sport waiting for review, with 'Approuver' and 'Refuser'. */
function PendingItem({ text, meta, itemKey, busy, onApprove, onRefuse }: PendingItemProps) {
  return (
    <li className="card moderation-item">
      {text}
      <p className="muted">{meta}</p>
      <div className="cluster">
        <Button size="small" busy={busy === `approve-${itemKey}`} onClick={onApprove}>
          Approuver
        </Button>
        <Button size="small" variant="secondary" busy={busy === `refuse-${itemKey}`} onClick={onRefuse}>
          Refuser
        </Button>
      </div>
    </li>
  );
}

/** The first page followed by `pages - 1` more, as one list. */
async function withMorePages<T>(page: PendingPage<T>, pages: number, fetchAfter: (cursor: string) => Promise<PendingPage<T>>): Promise<PendingPage<T>> {
  let list = page;
  for (let more = pages - 1; more > 0 && list.next; more--) {
    const next = await fetchAfter(list.next);
    list = { items: [...list.items, ...next.items], total: next.total, next: next.next };
  }
  return list;
}

/** How many of the pending items are shown, and the 'Voir plus' button while some are not. */
function MorePending({ page, busy, onMore }: { page: PendingPage<unknown>; busy: boolean; onMore(): void }) {
  if (!page.next) return null;
  return (
    <div className="cluster">
      <p className="muted">
        {page.items.length} affichés sur {page.total}
      </p>
      <Button size="small" variant="secondary" busy={busy} onClick={onMore}>
        Voir plus
      </Button>
    </div>
  );
}

const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/**
 * PRODUCT.md /admin/moderation: pending words and sports, oldest first and 50 at a time, with
 * 'Approuver' and 'Refuser'; published words with the 'VIP' toggle. Refreshes live when
 * anything changes, keeping as many pages of each list as were shown.
 */
export function ModerationQueue() {
  const [queue, setQueue] = useState<Queue>();
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<string>();
  const pages = useRef({ words: 1, sports: 1 });
  // Only the latest load may show its answer: an older one would bring back reviewed items.
  const latestLoad = useRef(0);

  const load = useCallback(async () => {
    const ticket = ++latestLoad.current;
    try {
      const first = await fetchQueue();
      const [pendingWords, pendingSports] = await Promise.all([
        withMorePages(first.pendingWords, pages.current.words, fetchPendingWords),
        withMorePages(first.pendingSports, pages.current.sports, fetchPendingSports),
      ]);
      if (ticket === latestLoad.current) setQueue({ ...first, pendingWords, pendingSports });
    } catch (caught) {
      if (ticket === latestLoad.current) setError(errorMessage(caught));
    }
  }, []);
  useEffect(() => void load(), [load]);
  useLive('moderation', () => void load());

  async function showMore(list: 'words' | 'sports') {
    setBusy(`more-${list}`);
    pages.current[list] += 1;
    await load();
    setBusy(undefined);
  }

  async function act(key: string, action: () => Promise<void>) {
    setBusy(key);
    setError(undefined);
    try {
      await action();
      void load();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(undefined);
    }
  }

  if (!queue) return error ? <ErrorBox message={error} /> : <Spinner label="Chargement de la file de modération…" />;

  return (
    <div className="stack stack--large">
      {error && <ErrorBox message={error} />}
      <section aria-labelledby="pending-words" className="stack">
        <h2 id="pending-words">Mots de soutien en attente ({queue.pendingWords.total})</h2>
        {queue.pendingWords.items.length === 0 ? (
          <p className="muted">Aucun mot en attente.</p>
        ) : (
          <ul className="moderation-list" role="list">
            {queue.pendingWords.items.map((word) => (
              <PendingItem
                key={word.id}
                text={<blockquote className="moderation-item__text">{word.content}</blockquote>}
                meta={`${word.author} · ${formatDate(word.createdAt)}`}
                busy={busy}
                itemKey={word.id}
                onApprove={() => act(`approve-${word.id}`, () => approveWord(word.id))}
                onRefuse={() => act(`refuse-${word.id}`, () => refuseWord(word.id))}
              />
            ))}
          </ul>
        )}
        <MorePending page={queue.pendingWords} busy={busy === 'more-words'} onMore={() => void showMore('words')} />
      </section>

      <section aria-labelledby="pending-sports" className="stack">
        <h2 id="pending-sports">Sports suggérés en attente ({queue.pendingSports.total})</h2>
        {queue.pendingSports.items.length === 0 ? (
          <p className="muted">Aucun sport en attente.</p>
        ) : (
          <ul className="moderation-list" role="list">
            {queue.pendingSports.items.map((sport) => (
              <PendingItem
                key={sport.id}
                text={
                  <p className="moderation-item__text">
                    <span aria-hidden="true">{sport.emoji || '🏅'}</span> {sport.name}
                  </p>
                }
                meta={`${sport.submittedBy} · ${formatDate(sport.createdAt)}`}
                busy={busy}
                itemKey={sport.id}
                onApprove={() => act(`approve-${sport.id}`, () => approveSport(sport.id))}
                onRefuse={() => act(`refuse-${sport.id}`, () => refuseSport(sport.id))}
              />
            ))}
          </ul>
        )}
        <MorePending page={queue.pendingSports} busy={busy === 'more-sports'} onMore={() => void showMore('sports')} />
      </section>

      <section aria-labelledby="published-words" className="stack">
        <h2 id="published-words">Mots publiés ({queue.publishedWords.length})</h2>
        {queue.publishedWords.length === 0 ? (
          <p className="muted">Aucun mot publié pour l'instant.</p>
        ) : (
          <ul className="moderation-list" role="list">
            {queue.publishedWords.map((word) => (
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
                  <Button size="small" variant="ghost" busy={busy === `refuse-${word.id}`} onClick={() => act(`refuse-${word.id}`, () => refuseWord(word.id))}>
                    Retirer
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
