import { Button } from '../../platform/ui/Button';

/** A page of a list: pending ones also carry their total. */
interface Page<T> {
  items: T[];
  next: string | null;
  total?: number;
}

/** The first page followed by `pages - 1` more, as one list. */
export async function withMorePages<P extends Page<unknown>>(page: P, pages: number, fetchAfter: (cursor: string) => Promise<P>): Promise<P> {
  let list = page;
  for (let more = pages - 1; more > 0 && list.next; more--) {
    const next = await fetchAfter(list.next);
    list = { ...next, items: [...list.items, ...next.items] };
  }
  return list;
}

/** How many of the items are shown (of how many, when counted), and 'Voir plus' while some are not. */
export function MoreItems({ page, busy, onMore }: { page: Page<unknown>; busy: boolean; onMore(): void }) {
  if (!page.next) return null;
  return (
    <div className="cluster">
      <p className="muted">
        {page.items.length} affichés{page.total === undefined ? '' : ` sur ${page.total}`}
      </p>
      <Button size="small" variant="secondary" busy={busy} onClick={onMore}>
        Voir plus
      </Button>
    </div>
  );
}
