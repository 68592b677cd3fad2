import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isStaff } from '../../../shared/permissions';
import { displayName, type CurrentUser } from '../../../shared/user';
import { errorMessage } from '../../platform/http/http';
import { Button, ButtonLink } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { useAuth } from '../../platform/session/auth-context';
import { ProfilePicture } from './ProfilePicture';

function greeting(user: CurrentUser): string {
  return user.accountType === 'user' ? `Salut ${user.firstname} 👋` : `Bonjour ${user.username} 👋`;
}

/** Spec §2 "Account": picture, name, handle, bio, greeting, the two links and sign-out. */
export function ProfileCard({ user }: { user: CurrentUser }) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string>();

  async function leave() {
    setLeaving(true);
    setError(undefined);
    try {
      await signOut();
      navigate('/');
    } catch (caught) {
      setError(errorMessage(caught));
      setLeaving(false);
    }
  }

  return (
    <section className="card profile-card" aria-labelledby="profile-name">
      <div className="profile-card__identity">
        <ProfilePicture user={user} />
        <div className="profile-card__names">
          <p className="profile-card__greeting">{greeting(user)}</p>
          <h1 id="profile-name" className="profile-card__name">
            {displayName(user)}
          </h1>
          <p className="profile-card__handle">{user.accountType === 'user' ? `@${user.username}` : user.email}</p>
        </div>
      </div>
      {user.bio ? (
        <p className="profile-card__bio">{user.bio}</p>
      ) : (
        <p className="profile-card__bio profile-card__bio--empty">Pas encore de bio.</p>
      )}
      <div className="profile-card__actions">
        <ButtonLink to="/vote">Voter pour un sport</ButtonLink>
        <ButtonLink to="/leave-a-print" variant="secondary">
          Laisser une marque
        </ButtonLink>
        {/* The /admin home is every staff member's own (it shows each what they may do). */}
        {isStaff(user.roles) && (
          <ButtonLink to="/admin" variant="secondary">
            Administration
          </ButtonLink>
        )}
        <Button variant="ghost" busy={leaving} busyLabel="Déconnexion…" onClick={leave}>
          Se déconnecter
        </Button>
      </div>
      {error && <ErrorBox message={error} />}
    </section>
  );
}
