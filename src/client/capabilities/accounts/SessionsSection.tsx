import { useState } from 'react';
import type { MemberSession } from '../../../shared/sessions';
import { useAction } from '../../platform/data/useAction';
import { useLoad } from '../../platform/data/useLoad';
import { Button } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Spinner } from '../../platform/ui/Spinner';
import { endOtherSessions, endSession, fetchSessions } from './api';
import { fetchPasskeys, removeEveryPasskey } from './passkeys-api';
import { SavedNotice } from './SavedNotice';

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short' });
const when = (iso: string) => dateTime.format(new Date(iso));

/**
 * /account's 'Mes sessions': where the account is signed in (browser and device read from each
 * one's user agent, nothing else), since when and last used; 'Déconnecter' one, or all the
 * others. The link of the new-browser mail leads here (#sessions). Beside it, 'Retirer toutes
 * mes clés d'accès': a key added from a stolen session outlives that session and a new password.
 */
export function SessionsSection({ passkeysVersion, onPasskeysRemoved }: { passkeysVersion: number; onPasskeysRemoved(): void }) {
  const { data, error: loadError, loading, setData } = useLoad('sessions', fetchSessions);
  const passkeys = useLoad(`passkeys-${passkeysVersion}`, fetchPasskeys).data?.passkeys.length ?? 0;
  const sessions = data?.sessions ?? [];
  const others = sessions.filter((session) => !session.current);
  const { running, error, run } = useAction<string>();
  const [notice, setNotice] = useState<string>();

  const ended = (kept: MemberSession[], message: string) => {
    setData({ sessions: kept });
    setNotice(message);
  };

  return (
    <section id="sessions" className="card account-section" aria-labelledby="sessions-title">
      <h3 id="sessions-title" className="account-section__title">
        Mes sessions
      </h3>
      <p>Les navigateurs où ton compte est connecté. Tu n'en reconnais pas un ? Déconnecte-le, puis change ton mot de passe.</p>
      {loading && <Spinner label="Chargement des sessions…" />}
      {loadError && <ErrorBox message={loadError} />}
      {sessions.length > 0 && (
        <ul className="passkey-list" aria-label="Sessions ouvertes">
          {sessions.map((session) => (
            <li key={session.id} className="passkey-list__item" aria-label={`${session.browser}, ${session.device}`}>
              <p className="passkey-list__name">
                {session.browser} · {session.device} {session.current && <span className="tag">Cette session</span>}
              </p>
              <p className="passkey-list__dates">
                Connectée le {when(session.createdAt)} · dernière activité le {when(session.lastSeenAt)}
              </p>
              {!session.current && (
                <div className="form__actions">
                  <Button
                    variant="secondary"
                    size="small"
                    busy={running === session.id}
                    busyLabel="Déconnexion…"
                    aria-label={`Déconnecter ${session.browser}, ${session.device}`}
                    onClick={() =>
                      run(async () => {
                        await endSession(session.id);
                        ended(sessions.filter((item) => item.id !== session.id), `${session.browser}, ${session.device} est déconnecté.`);
                      }, session.id)
                    }
                  >
                    Déconnecter
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {error && <ErrorBox message={error} />}
      {(others.length > 0 || passkeys > 0) && (
        <div className="form__actions">
          {others.length > 0 && (
            <Button
              variant="secondary"
              busy={running === 'others'}
              busyLabel="Déconnexion…"
              onClick={() =>
                run(async () => {
                  await endOtherSessions();
                  ended(sessions.filter((session) => session.current), 'Toutes tes autres sessions sont déconnectées.');
                }, 'others')
              }
            >
              Déconnecter toutes les autres
            </Button>
          )}
          {passkeys > 0 && (
            <Button
              variant="secondary"
              busy={running === 'passkeys'}
              busyLabel="Retrait des clés…"
              onClick={() =>
                run(async () => {
                  const { removed } = await removeEveryPasskey();
                  onPasskeysRemoved();
                  setNotice(removed > 1 ? `Tes ${removed} clés d'accès sont retirées.` : "Ta clé d'accès est retirée.");
                }, 'passkeys')
              }
            >
              Retirer toutes mes clés d'accès
            </Button>
          )}
        </div>
      )}
      <SavedNotice shown={notice !== undefined}>{notice}</SavedNotice>
    </section>
  );
}
