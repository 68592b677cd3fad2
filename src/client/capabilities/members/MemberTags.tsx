import type { MemberListItem } from '../../../shared/members';
import { isRole, roleLabels } from '../../../shared/permissions';

/** What sets a member apart at a glance: organisation, roles, suspension, unproven address. */
export function MemberTags({ member }: { member: MemberListItem }) {
  const tags = [
    member.accountType === 'organisation' && { key: 'organisation', label: 'Organisation', className: 'tag' },
    ...member.roles.filter(isRole).map((role) => ({ key: role, label: roleLabels[role], className: 'tag tag--accent' })),
    member.suspended && { key: 'suspended', label: 'Suspendu', className: 'tag members-tag--danger' },
    !member.emailVerified && { key: 'unverified', label: 'Adresse non vérifiée', className: 'tag members-tag--muted' },
  ].filter((tag) => tag !== false);
  if (tags.length === 0) return null;
  return (
    <ul className="members-tags" role="list" aria-label="Particularités">
      {tags.map((tag) => (
        <li key={tag.key} className={tag.className}>
          {tag.label}
        </li>
      ))}
    </ul>
  );
}
