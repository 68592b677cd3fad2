import { useState } from 'react';
import { Checkbox } from '../../platform/ui/Checkbox';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Spinner } from '../../platform/ui/Spinner';
import { useAction } from '../../platform/data/useAction';
import { useAuth } from '../../platform/session/auth-context';
import { setNewsletterPreference } from './api';
import './newsletter.css';

/** For the account page: the member's subscription, which is how one subscribes again. */
export function NewsletterPreference() {
  const { state, refresh } = useAuth();
  // The choice being saved, shown checked or not while it is.
  const { running, error, run } = useAction<'on' | 'off'>();
  const [saved, setSaved] = useState<string>();
  if (state.status !== 'signed-in') return null;
  const pending = running === undefined ? undefined : running === 'on';
  const checked = pending ?? state.user.newsletter;

  async function change(subscribed: boolean) {
    setSaved(undefined);
    await run(async () => {
      await setNewsletterPreference(subscribed);
      await refresh();
      setSaved(subscribed ? 'Tu recevras la newsletter.' : 'Tu ne recevras plus la newsletter.');
    }, subscribed ? 'on' : 'off');
  }

  return (
    <section className="card account-section" aria-labelledby="newsletter-preference-title">
      <h3 id="newsletter-preference-title" className="account-section__title">
        Newsletter
      </h3>
      <p>Les nouvelles du projet, de temps en temps, par mail.</p>
      <div className="cluster">
        <Checkbox label="Recevoir la newsletter" checked={checked} onChange={(next) => void change(next)} aria-busy={pending !== undefined} />
        {pending !== undefined && <Spinner label="Enregistrement…" />}
      </div>
      {checked && !state.user.emailVerified && (
        <p className="newsletter-preference__waiting">Tu la recevras dès que ton adresse mail sera vérifiée.</p>
      )}
      {error && <ErrorBox message={error} />}
      <div role="status" className="newsletter-status">
        {saved && <p className="notice notice--success">{saved}</p>}
      </div>
    </section>
  );
}
