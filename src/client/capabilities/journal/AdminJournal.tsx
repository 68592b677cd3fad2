import { useEffect, useState, type Ref } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  isJournalKind,
  JOURNAL_KINDS,
  JOURNAL_RETENTION_MONTHS,
  journalKindLabels,
  type JournalActors,
  type JournalEntry,
} from '../../../shared/journal';
import { AdminPage } from '../../platform/ui/AdminPage';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Spinner } from '../../platform/ui/Spinner';
import { usePagedList } from '../../platform/data/usePagedList';
import { getJournal, getJournalActors, type JournalFilters } from './api';
import './journal.css';
import { SeeMore } from '../../platform/ui/SeeMore';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const when = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short' });

function filtersFromUrl(params: URLSearchParams): JournalFilters {
  const actor = params.get('actor') ?? '';
  const kind = params.get('kind') ?? '';
  return { actor: UUID.test(actor) ? actor : undefined, kind: isJournalKind(kind) ? kind : undefined };
}

function Entry({ entry, focusRef }: { entry: JournalEntry; focusRef?: Ref<HTMLLIElement> }) {
  const date = new Date(entry.at);
  const target = entry.targetType === 'user' && entry.targetId && entry.kind !== 'member/delete';
  return (
    <li className="journal-entry" ref={focusRef} tabIndex={focusRef ? -1 : undefined}>
      <div className="journal-entry__head">
        <span className="tag">{journalKindLabels[entry.kind]}</span>
        <time dateTime={entry.at} className="journal-entry__time">
          {when.format(date)}
        </time>
      </div>
      <p className="journal-entry__summary">
        {target ? <Link to={`/admin/members/${entry.targetId}`}>{entry.summary || 'Voir le compte'}</Link> : entry.summary || '—'}
      </p>
      <p className="journal-entry__actor">par {entry.actor || 'un compte supprimé'}</p>
    </li>
  );
}

/** /admin/journal: who did what, newest first, read only. */
export function AdminJournal() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromUrl(params);
  const query = `${filters.actor ?? ''}|${filters.kind ?? ''}`;
  const [actors, setActors] = useState<JournalActors['actors']>([]);
  const list = usePagedList<JournalEntry, HTMLLIElement>(query, (before, signal) =>
    getJournal(filters, before, signal).then((page) => ({ items: page.entries, next: page.next })),
  );
  const { loading, items: entries, next, error } = list;

  useEffect(() => {
    const controller = new AbortController();
    getJournalActors(controller.signal).then(
      (loaded) => setActors(loaded.actors),
      () => undefined,
    );
    return () => controller.abort();
  }, []);

  function update(name: 'actor' | 'kind', value: string) {
    const merged = new URLSearchParams(params);
    if (value) merged.set(name, value);
    else merged.delete(name);
    setParams(merged);
  }

  return (
    <AdminPage
      title="Journal"
      className="journal"
      lead={
        <>
          Chaque action de l'administration et de la modération, la plus récente d'abord. Le journal ne se modifie pas ; il est
          effacé au bout de {JOURNAL_RETENTION_MONTHS} mois.
        </>
      }
    >
      <section className="card admin-block" aria-label="Filtres">
        <div className="journal-filters">
          <div className="field">
            <label className="field__label" htmlFor="journal-actor">
              Qui
            </label>
            <select
              id="journal-actor"
              className="field__input journal-select"
              value={filters.actor ?? ''}
              onChange={(event) => update('actor', event.target.value)}
            >
              <option value="">Tout le monde</option>
              {actors.map((actor) => (
                <option key={actor.id} value={actor.id}>
                  {actor.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor="journal-kind">
              Action
            </label>
            <select
              id="journal-kind"
              className="field__input journal-select"
              value={filters.kind ?? ''}
              onChange={(event) => update('kind', event.target.value)}
            >
              <option value="">Toutes</option>
              {JOURNAL_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {journalKindLabels[kind]}
                </option>
              ))}
            </select>
          </div>
        </div>
      </section>

      <section className="admin-block" aria-labelledby="journal-entries-title" aria-busy={loading}>
        <h2 id="journal-entries-title" className="visually-hidden">
          Actions enregistrées
        </h2>
        <p role="status" className="journal__count">
          {!loading && !error && entries?.length === 0 ? 'Aucune action pour ces filtres.' : ''}
        </p>
        {error && <ErrorBox message={error} />}
        {loading && <Spinner label="Chargement du journal…" />}
        {!loading && entries && entries.length > 0 && (
          <ol className="journal-list card" role="list">
            {entries.map((entry, index) => (
              <Entry key={entry.id} entry={entry} focusRef={index === list.firstNewIndex ? list.firstNewRef : undefined} />
            ))}
          </ol>
        )}
        {!loading && next && (
          <SeeMore busy={list.loadingMore} busyLabel="Chargement des actions plus anciennes…" onMore={() => void list.more()} />
        )}
      </section>
    </AdminPage>
  );
}
