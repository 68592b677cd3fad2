import { Button } from './Button';

/** 'Voir plus' under a list read a page at a time (usePagedList), while a next page exists. */
export function SeeMore({ busy, busyLabel, onMore }: { busy: boolean; busyLabel: string; onMore(): void }) {
  return (
    <div className="form__actions">
      <Button variant="secondary" busy={busy} busyLabel={busyLabel} onClick={onMore}>
        Voir plus
      </Button>
    </div>
  );
}
