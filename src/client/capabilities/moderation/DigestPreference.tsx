import { useState } from 'react';
import { DIGEST_HOUR } from '../../../shared/moderation';
import { hasPermission } from '../../../shared/permissions';
import { Checkbox } from '../../platform/ui/Checkbox';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Spinner } from '../../platform/ui/Spinner';
import { useAction } from '../../platform/data/useAction';
import { useLoad } from '../../platform/data/useLoad';
import { useAuth } from '../../platform/session/auth-context';
import { fetchDigestPreference, setDigestPreference } from './api';

/**
 * For the account page of moderators and admins: the daily digest of the moderation queue
 * (decision 0021). Not while the site holds them at adding a second factor: the server refuses
 * them the moderation API until then.
 */
export function DigestPreference() {
  const { state } = useAuth();
  const moderates = state.status === 'signed-in' && hasPermission(state.user.roles, 'moderate') && !state.user.mustAddSecondFactor;
  return moderates ? <DigestChoice /> : null;
}

function DigestChoice() {
  const { data, error: loadError, setData } = useLoad('digest-preference', fetchDigestPreference);
  // The choice being saved, shown checked or not while it is.
  const { running, error: saveError, run } = useAction<'on' | 'off'>();
  const [saved, setSaved] = useState<string>();
  const pending = running === undefined ? undefined : running === 'on';
  const error = saveError ?? loadError;

  async function change(next: boolean) {
    setSaved(undefined);
    await run(
      async () => {
        setData(await setDigestPreference(next));
        setSaved(next ? 'Tu recevras le résumé de modération.' : 'Tu ne recevras plus le résumé de modération.');
      },
      next ? 'on' : 'off',
    );
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
      {data === undefined && !error ? (
        <Spinner label="Chargement…" />
      ) : (
        data !== undefined && (
          <div className="cluster">
            <Checkbox
              label="Recevoir le résumé de modération"
              checked={pending ?? data.subscribed}
              onChange={(next) => void change(next)}
              aria-busy={pending !== undefined}
            />
            {pending !== undefined && <Spinner label="Enregistrement…" />}
          </div>
        )
      )}
      {error && <ErrorBox message={error} />}
      <div role="status">{saved && <p className="notice notice--success">{saved}</p>}</div>
    </section>
  );
}
