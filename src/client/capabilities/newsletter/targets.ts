import type { NewsletterFilter } from '../../../shared/newsletter/api';

/** The editor's target radio (spec §2): 'both' sends no filter. */
export type NewsletterTarget = NewsletterFilter | 'both';

export const TARGETS: { value: NewsletterTarget; label: string; audience: string }[] = [
  { value: 'organisations', label: 'Organisations', audience: 'organisations' },
  { value: 'users', label: 'Utilisateurs', audience: 'utilisateurs' },
  { value: 'both', label: 'Les deux', audience: 'utilisateurs et organisations' },
];

export const filterOf = (target: NewsletterTarget): NewsletterFilter | undefined => (target === 'both' ? undefined : target);

export function audienceOf(filter: NewsletterFilter | null | undefined): string {
  return TARGETS.find((target) => target.value === (filter ?? 'both'))!.audience;
}
