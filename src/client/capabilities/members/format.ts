import type { MemberListItem } from '../../../shared/members';
import { displayName } from '../../../shared/user';

const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short' });

export function formatDate(iso: string, withTime = false): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : (withTime ? dateTimeFormat : dateFormat).format(date);
}

/** A person by first and last name, an organisation by its name; the username when empty. */
export function memberName(member: MemberListItem): string {
  return displayName(member) || member.username;
}
