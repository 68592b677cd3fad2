import { useEffect, useRef } from 'react';
import { Navigate, useLocation } from 'react-router';
import { DELETED_ACCOUNT_ERASED, DELETED_ACCOUNT_REMAINS } from '../../../shared/accounts';
import { ButtonLink } from '../../platform/ui/Button';
import { SuccessView } from '../../platform/ui/SuccessView';
import './account.css';

/** The navigation state DeleteAccount leaves with: only a deletion leads here. */
export interface AccountDeletedState {
  deleted: true;
}

const cameFromDeletion = (state: unknown): state is AccountDeletedState =>
  typeof state === 'object' && state !== null && (state as Partial<AccountDeletedState>).deleted === true;

/**
 * After 'Supprimer définitivement': it is done, what is gone, what stays and that a mail
 * confirms it. The heading takes the focus, since the page the button was on is gone. Opened
 * any other way, it has nothing to say: like an unknown path, it goes home.
 */
export function AccountDeletedPage() {
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const deleted = cameFromDeletion(location.state);

  useEffect(() => {
    if (deleted) heading.current?.focus();
  }, [deleted]);

  if (!deleted) return <Navigate to="/" replace />;
  return (
    <div className="container section account-deleted">
      <SuccessView
        level={1}
        title="Ton compte est supprimé"
        headingRef={heading}
        actions={<ButtonLink to="/">Retour à l'accueil</ButtonLink>}
      >
        <p>{DELETED_ACCOUNT_ERASED} Un mail de confirmation part vers ton adresse.</p>
        <section className="card account-deleted__remains" aria-labelledby="remains-title">
          <h2 id="remains-title" className="account-section__title">
            Ce qui reste, sans rien qui mène à toi
          </h2>
          <ul>
            {DELETED_ACCOUNT_REMAINS.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
        <p>Merci d'avoir fait partie du projet. Tu peux revenir quand tu veux, avec un nouveau compte.</p>
      </SuccessView>
    </div>
  );
}
