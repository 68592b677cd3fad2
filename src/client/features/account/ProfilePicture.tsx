import { displayName, type CurrentUser } from '../../../shared/user';
import { DefaultAvatar } from './DefaultAvatar';

/** The uploaded picture, or the initials when there is none. */
export function ProfilePicture({ user }: { user: CurrentUser }) {
  const label = `Photo de profil de ${displayName(user)}`;
  if (user.profilePic) {
    return <img className="avatar avatar--large account-avatar" src={user.profilePic} alt={label} width={96} height={96} />;
  }
  return <DefaultAvatar user={user} label={label} className="avatar avatar--large account-avatar" />;
}
