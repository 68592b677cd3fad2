import { useState } from 'react';
import { errorMessage } from '../../api/http';
import { Checkbox } from '../../components/Checkbox';
import { ErrorBox } from '../../components/ErrorBox';
import { Spinner } from '../../components/Spinner';
import { useAuth } from '../auth/auth-context';
import { setNewsletterPreference } from './api';
import './newsletter.css';

/** For the account page: the member's subscription, which is how one subscribes again. */
export function NewsletterPreference() {
  const { state, refresh } = useAuth();
  const [pending, setPending] = useState<boolean>();
  const [saved, setSaved] = useState<string>();
  const [error, setError] = useState<string>();
  if (state.status !== 'signed-in') return null;
  const checked = pending ?? state.user.newsletter;

  async function change(subscribed: boolean) {
    if (pending !== undefined) return;
    setPending(subscribed);
    setSaved(undefined);
    setError(undefined);
    try {
      await setNewsletterPreference(subscribed);
      await refresh();
      setSaved(subscribed ? 'Tu recevras la newsletter.' : 'Tu ne recevras plus la newsletter.');
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setPending(undefined);
    }
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
