import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './Button';
import { ErrorBox } from './ErrorBox';
import './ConfirmDialog.css';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in plain words. */
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  busyLabel: string;
  /** An irreversible or harmful action: the confirm button is red. */
  danger?: boolean;
  /** The action's failure, shown inside the dialog, which stays open. */
  error?: string;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * Asks before an action runs. A modal <dialog>: the browser keeps focus inside, Escape
 * cancels, and focus goes back to the button that opened it once it closes. Focus starts on
 * 'Annuler', so a stray Enter never confirms.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, busy, busyLabel, danger, error, onConfirm, onCancel }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        // Escape: the browser would close it; React's state decides instead.
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      {open && (
        <div className="confirm-dialog__body">
          <h2 id={titleId} className="confirm-dialog__title">
            {title}
          </h2>
          <div id={descriptionId} className="confirm-dialog__text">
            {children}
          </div>
          {error && <ErrorBox message={error} />}
          <div className="confirm-dialog__actions">
            <Button variant="secondary" autoFocus enabled={!busy} onClick={onCancel}>
              Annuler
            </Button>
            <Button className={danger ? 'btn--danger' : undefined} busy={busy} busyLabel={busyLabel} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </div>
      )}
    </dialog>
  );
}
