import type { ReactNode } from 'react';
import { Button } from '../../platform/ui/Button';
import { Checkbox } from '../../platform/ui/Checkbox';

/** A pending item's key: 'word:<id>' or 'sport:<id>' (selection, focus, busy state). */
export type ItemKey = `${'word' | 'sport'}:${string}`;

interface PendingItemProps {
  itemKey: ItemKey;
  text: ReactNode;
  /** The item's text alone, for its checkbox's accessible name. */
  name: string;
  meta: string;
  selected: boolean;
  onSelect(selected: boolean): void;
  onApprove(): void;
  onRefuse(): void;
}

/** A word or sport waiting for review: its checkbox, 'Approuver' and 'Refuser'. */
export function PendingItem({ itemKey, text, name, meta, selected, onSelect, onApprove, onRefuse }: PendingItemProps) {
  return (
    <li className={selected ? 'card moderation-item moderation-item--selected' : 'card moderation-item'} data-moderation-item={itemKey} tabIndex={-1}>
      <Checkbox
        className="moderation-item__select"
        label={
          <>
            Sélectionner<span className="visually-hidden"> « {name} »</span>
          </>
        }
        checked={selected}
        onChange={onSelect}
        aria-keyshortcuts="X"
      />
      {text}
      <p className="muted">{meta}</p>
      <div className="moderation-item__actions">
        <Button size="small" aria-keyshortcuts="A" onClick={onApprove}>
          Approuver
        </Button>
        <Button size="small" variant="secondary" aria-keyshortcuts="R" onClick={onRefuse}>
          Refuser
        </Button>
      </div>
    </li>
  );
}

/** 'Sélectionner tous les mots affichés': checked when every shown item of the list is. */
export function SelectAll({ label, keys, selection, onChange }: { label: string; keys: ItemKey[]; selection: ReadonlySet<ItemKey>; onChange(keys: ItemKey[], selected: boolean): void }) {
  if (keys.length === 0) return null;
  const all = keys.every((key) => selection.has(key));
  return <Checkbox className="moderation-select-all" label={label} checked={all} onChange={(checked) => onChange(keys, checked)} />;
}
