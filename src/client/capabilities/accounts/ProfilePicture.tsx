import { displayName, type CurrentUser } from '../../../shared/user';
import { Avatar } from '../../platform/ui/Avatar';

/** The uploaded picture, or the initials when there is none. */
export function ProfilePicture({ user }: { user: CurrentUser }) {
  return (
    <Avatar
      name={displayName(user)}
      src={user.profilePic}
      size={96}
      label={`Photo de profil de ${displayName(user)}`}
      className="avatar avatar--large account-avatar"
    />
  );
}
