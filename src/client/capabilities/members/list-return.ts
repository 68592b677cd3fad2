/**
 * The members list's search travels to a member's page in the history entry's state, so that
 * '← Membres' returns to the same results and filters, even after a reload of that page.
 */
export const listState = (search: URLSearchParams) => ({ membersSearch: search.toString() });

/** Where '← Membres' goes: the list as it was left, or the whole list when opened directly. */
export function membersListPath(state: unknown): string {
  const search = state && typeof state === 'object' ? (state as { membersSearch?: unknown }).membersSearch : undefined;
  return typeof search === 'string' && search !== '' ? `/admin/members?${search}` : '/admin/members';
}
