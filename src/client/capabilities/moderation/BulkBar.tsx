import { useEffect, useRef } from 'react';
import type { BulkModerationAction } from '../../../shared/moderation';
import { Button } from '../../platform/ui/Button';

const VERB: Record<BulkModerationAction, string> = { approve: 'Approuver', refuse: 'Refuser' };

/** '1 élément', '12 éléments' (French: 0 and 1 take the singular). */
export const items = (count: number) => `${count} élément${count > 1 ? 's' : ''}`;

interface BulkBarProps {
  selected: number;
  /** The action waiting for confirmation, if any. */
  confirming: BulkModerationAction | undefined;
  busy: boolean;
  onAsk(action: BulkModerationAction): void;
  onConfirm(): void;
  onCancel(): void;
  onClear(): void;
}

/**
 * 'Approuver la sélection' and 'Refuser la sélection', each confirmed before it runs (a
 * selection can hold hundreds of items); stays in view while the list scrolls once
 * something is selected.
 */
export function BulkBar({ selected, confirming, busy, onAsk, onConfirm, onCancel, onClear }: BulkBarProps) {
  const confirmRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.querySelector('button')?.focus();
  }, [confirming]);

  return (
    <div className={selected > 0 ? 'moderation-bulk moderation-bulk--active' : 'moderation-bulk'} role="region" aria-label="Actions sur la sélection">
      {confirming ? (
        <div ref={confirmRef} className="moderation-bulk__row">
          <p className="moderation-bulk__question" id="moderation-bulk-question">
            {VERB[confirming]} {selected > 1 ? `les ${items(selected)} sélectionnés` : "l'élément sélectionné"} ?
          </p>
          <div className="cluster">
            <Button
              size="small"
              className={confirming === 'refuse' ? 'btn--danger' : undefined}
              busy={busy}
              busyLabel={confirming === 'approve' ? 'Approbation en cours…' : 'Refus en cours…'}
              aria-describedby="moderation-bulk-question"
              onClick={onConfirm}
            >
              {`Oui, ${VERB[confirming].toLowerCase()}`}
            </Button>
            <Button size="small" variant="ghost" enabled={!busy} onClick={onCancel}>
              Annuler
            </Button>
          </div>
        </div>
      ) : (
        <div className="moderation-bulk__row">
          <div className="cluster moderation-bulk__count-row">
            <p className="moderation-bulk__count" aria-live="polite">
              {selected === 0 ? 'Aucun élément sélectionné' : `${items(selected)} sélectionné${selected > 1 ? 's' : ''}`}
            </p>
            {selected > 0 && (
              <Button size="small" variant="ghost" onClick={onClear}>
                Tout désélectionner
              </Button>
            )}
          </div>
          <div className="cluster moderation-bulk__actions">
            <Button size="small" enabled={selected > 0} aria-keyshortcuts="Shift+A" onClick={() => onAsk('approve')}>
              Approuver la sélection
            </Button>
            <Button size="small" variant="secondary" enabled={selected > 0} aria-keyshortcuts="Shift+R" onClick={() => onAsk('refuse')}>
              Refuser la sélection
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
