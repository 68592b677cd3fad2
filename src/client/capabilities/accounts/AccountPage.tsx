import { useState, type ReactNode } from 'react';
import { useAuth } from '../../platform/session/auth-context';
import { BioForm } from './BioForm';
import { DeleteAccount } from './DeleteAccount';
import { EXPORT_URL } from './api';
import { EmailForm } from './EmailForm';
import { OrganisationNameForm } from './OrganisationNameForm';
import { PasskeysSection } from './PasskeysSection';
import { PasswordForm } from './PasswordForm';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';
import { PictureForm } from './PictureForm';
import { ProfileCard } from './ProfileCard';
import { SavedNotice } from './SavedNotice';
import { VerificationNotice } from './VerificationNotice';
import './account.css';

interface AccountPageProps {
  /** What other features ask of the member (the survey open to them), under the profile. */
  invitations?: ReactNode;
  settings?: ReactNode;
}

/**
 * /account, behind the member gate: the profile (spec §2) and what RGPD lets a member do.
 * Other features' invitations (the surveys) and settings (the newsletter) come in as
 * `invitations` and `settings`, composed by the route.
 */
export function AccountPage({ invitations, settings }: AccountPageProps) {
  const { state } = useAuth();
  const [passwordReplaced, setPasswordReplaced] = useState(false);
  // Bumped when the passkeys change, so the second step's status counts them again.
  const [passkeysVersion, setPasskeysVersion] = useState(0);
  // Bumped when 'Mes sessions' removed every passkey: the passkeys' own list loads again.
  const [passkeysRemoved, setPasskeysRemoved] = useState(0);
  if (state.status !== 'signed-in') return null;
  const { user } = state;

  return (
    <div className="container section account">
      <ProfileCard user={user} />
      {!user.mustChangePassword && <VerificationNotice user={user} />}
      {/* Right under the name, before anything else can be done (PRODUCT.md, forgot password). */}
      {user.mustChangePassword && <PasswordForm temporary onChanged={() => setPasswordReplaced(true)} />}
      <SavedNotice shown={passwordReplaced && !user.mustChangePassword}>Ton nouveau mot de passe est enregistré.</SavedNotice>
      {!user.mustChangePassword && invitations}
      {!user.mustChangePassword && (
        <section className="account-settings" aria-labelledby="settings-title">
          <h2 id="settings-title" className="account-settings__title">
            Mon profil et mes données
          </h2>
          <div className="account-settings__grid">
            {user.accountType === 'organisation' && <OrganisationNameForm user={user} />}
            <BioForm user={user} />
            <PictureForm user={user} />
            <EmailForm user={user} />
            <PasswordForm />
            <PasskeysSection reloadKey={passkeysRemoved} onChanged={() => setPasskeysVersion((version) => version + 1)} />
            <TwoFactorSection passkeysVersion={passkeysVersion} />
            <SessionsSection
              passkeysVersion={passkeysVersion}
              onPasskeysRemoved={() => {
                setPasskeysRemoved((count) => count + 1);
                setPasskeysVersion((version) => version + 1);
              }}
            />
            {settings}
            <section className="card account-section" aria-labelledby="export-title">
              <h3 id="export-title" className="account-section__title">
                Mes données
              </h3>
              <p>Un fichier JSON avec tout ce que le site garde sur ton compte (droit d'accès et de portabilité).</p>
              <div className="form__actions">
                <a className="btn btn--secondary" href={EXPORT_URL} download>
                  Télécharger mes données
                </a>
              </div>
            </section>
            <DeleteAccount />
          </div>
        </section>
      )}
    </div>
  );
}
