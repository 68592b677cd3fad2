import { useEffect, useState } from 'react';
import { DIGEST_HOUR } from '../../../shared/moderation';
import { hasPermission } from '../../../shared/permissions';
import { errorMessage } from '../../api/http';
import { Checkbox } from '../../components/Checkbox';
import { ErrorBox } from '../../components/ErrorBox';
import { Spinner } from '../../components/Spinner';
import { useAuth } from '../auth/auth-context';
import { fetchDigestPreference, setDigestPreference } from './api';

/** For the account page of moderators and admins: the daily digest of the moderation queue (decision 0021). */
export function DigestPreference() {
  const { state } = useAuth();
  const moderates = state.status === 'signed-in' && hasPermission(state.user.roles, 'moderate');
  const [subscribed, setSubscribed] = useState<boolean>();
  const [pending, setPending] = useState<boolean>();
  const [saved, setSaved] = useState<string>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (!moderates) return;
    fetchDigestPreference().then(
      (preference) => setSubscribed(preference.subscribed),
      (caught: unknown) => setError(errorMessage(caught)),
    );
  }, [moderates]);

  if (!moderates) return null;

  async function change(next: boolean) {
    if (pending !== undefined) return;
    setPending(next);
    setSaved(undefined);
    setError(undefined);
    try {
      setSubscribed((await setDigestPreference(next)).subscribed);
      setSaved(next ? 'Tu recevras le résumé de modération.' : 'Tu ne recevras plus le résumé de modération.');
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setPending(undefined);
    }
  }

  return (
    <section className="card account-section" aria-labelledby="moderation-digest-title">
      <h3 id="moderation-digest-title" className="account-section__title">
        Résumé de modération
      </h3>
      <p>
        Un mail par jour au plus, à partir de {DIGEST_HOUR} h, les jours où des mots ou des sports attendent dans la file de
        modération.
      </p>
      {subscribed === undefined && !error ? (
        <Spinner label="Chargement…" />
      ) : (
        subscribed !== undefined && (
          <div className="cluster">
            <Checkbox label="Recevoir le résumé de modération" checked={pending ?? subscribed} onChange={(next) => void change(next)} aria-busy={pending !== undefined} />
            {pending !== undefined && <Spinner label="Enregistrement…" />}
          </div>
        )
      )}
      {error && <ErrorBox message={error} />}
      <div role="status">{saved && <p className="notice notice--success">{saved}</p>}</div>
    </section>
  );
}
