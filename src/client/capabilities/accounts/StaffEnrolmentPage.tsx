import { useState } from 'react';
import { useAuth } from '../../platform/session/auth-context';
import { PasskeysSection } from './PasskeysSection';
import { TwoFactorSection } from './TwoFactorSection';
import './account.css';

/**
 * Where a staff member without a second factor is held, whatever /admin page they opened: the
 * server refuses them the rest until one is on (STAFF_TWO_FACTOR=required). Once it is, and the
 * recovery codes noted, the page they asked for opens.
 */
export function StaffEnrolmentPage() {
  const { refresh } = useAuth();
  const [passkeysVersion, setPasskeysVersion] = useState(0);
  return (
    <div className="container section account">
      <section className="card account-section account-section--urgent" aria-labelledby="staff-enrolment-title">
        <h1 id="staff-enrolment-title" className="account-section__title">
          Active la validation en deux étapes
        </h1>
        <p>
          Ton rôle dans l'équipe donne accès aux données des membres et aux outils de l'association : un mot de passe seul ne suffit pas à le
          protéger. Ajoute une application d'authentification, ou une clé d'accès utilisée comme deuxième étape, pour ouvrir l'administration.
        </p>
      </section>
      <div className="account-settings__grid">
        <TwoFactorSection passkeysVersion={passkeysVersion} onTurnedOn={() => void refresh()} />
        <PasskeysSection onChanged={() => setPasskeysVersion((version) => version + 1)} />
      </div>
    </div>
  );
}
