import { useRef, useState } from 'react';
import type { TextDetail, TextVersion, TextVersionSummary } from '../../../shared/texts';
import { useAction } from '../../platform/data/useAction';
import { useLoad } from '../../platform/data/useLoad';
import { Button } from '../../platform/ui/Button';
import { ConfirmDialog } from '../../platform/ui/ConfirmDialog';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Spinner } from '../../platform/ui/Spinner';
import { getTextHistory, getTextVersion, restoreTextVersion } from './api';
import { byAuthor, fillPlaceholders, formatWhen } from './format';
import { TextDiff } from './TextDiff';

/** One older version compared with the one online. */
function VersionDiff({ id, version, online }: { id: string; version: number; online: TextVersion }) {
  const { data, error } = useLoad(`text-version:${id}:${version}`, (signal) => getTextVersion(id, version, signal));
  if (error) return <ErrorBox message={error} />;
  if (!data) return <Spinner label={`Chargement de la version ${version}…`} />;
  return (
    <div className="text-history__diff">
      {data.title !== online.title && (
        <p>
          Titre : <del>{data.title}</del> → <ins>{online.title}</ins>
        </p>
      )}
      <TextDiff before={data.body} after={online.body} label={`Ce qui change de la version ${version} à la version ${online.version} en ligne`} />
    </div>
  );
}

/**
 * The text's published versions, newest first: each compared with the one online, and
 * 'Restaurer' (after a confirmation) publishes an old one again as the newest.
 */
export function TextHistoryPanel({ id, online, onRestored }: { id: string; online: TextVersion; onRestored(detail: TextDetail, from: number): void }) {
  const { data, error, loading } = useLoad(`text-history:${id}:${online.version}`, (signal) => getTextHistory(id, signal), { keepPrevious: true });
  const [compared, setCompared] = useState<number>();
  const [restoring, setRestoring] = useState<TextVersionSummary>();
  const action = useAction<'restore'>();
  const headingRef = useRef<HTMLHeadingElement>(null);

  async function restore() {
    if (!restoring) return;
    const version = restoring.version;
    await action.run(async () => {
      const detail = await restoreTextVersion(id, version);
      setRestoring(undefined);
      setCompared(undefined);
      // One render with the dialog: its closing gives focus back to its opener, then the
      // editor's effect moves it to the announcement.
      onRestored(detail, version);
    }, 'restore');
  }

  return (
    <section className="card text-history" aria-labelledby="text-history-title">
      <h2 id="text-history-title" ref={headingRef}>
        Historique
      </h2>
      {error && <ErrorBox message={error} />}
      {loading && !data && <Spinner label="Chargement de l'historique…" />}
      {data && (
        <ol className="text-history__list" role="list">
          {data.versions.map((entry) => {
            const current = entry.version === online.version;
            return (
              <li key={entry.version} className="text-history__item">
                <p className="text-history__head">
                  <strong>Version {entry.version}</strong>
                  {current && <span className="tag tag--accent">En ligne</span>}
                  {entry.restoredFrom !== null && <span className="tag">restaurée de la version {entry.restoredFrom}</span>}
                </p>
                <p className="text-history__meta">
                  {fillPlaceholders(entry.title)} · publiée le {formatWhen(entry.publishedAt)} {byAuthor(entry.author)}
                </p>
                {!current && (
                  <div className="text-history__actions">
                    <Button
                      size="small"
                      variant="secondary"
                      aria-expanded={compared === entry.version}
                      onClick={() => setCompared(compared === entry.version ? undefined : entry.version)}
                    >
                      {compared === entry.version ? `Masquer les différences de la version ${entry.version}` : `Comparer la version ${entry.version} avec la ${online.version}`}
                    </Button>
                    <Button size="small" variant="ghost" onClick={() => setRestoring(entry)}>
                      Restaurer la version {entry.version}
                    </Button>
                  </div>
                )}
                {compared === entry.version && !current && <VersionDiff id={id} version={entry.version} online={online} />}
              </li>
            );
          })}
        </ol>
      )}
      <ConfirmDialog
        open={restoring !== undefined}
        title={`Restaurer la version ${restoring?.version ?? ''} ?`}
        confirmLabel="Restaurer"
        busy={action.running === 'restore'}
        busyLabel="Restauration…"
        error={action.error}
        onConfirm={() => void restore()}
        onCancel={() => {
          setRestoring(undefined);
          action.setError(undefined);
        }}
      >
        <p>
          Elle sera publiée à nouveau, tout de suite, à la place de la version {online.version} en ligne. La version {online.version} reste dans
          l'historique : tu pourras la restaurer à son tour.
        </p>
      </ConfirmDialog>
    </section>
  );
}
