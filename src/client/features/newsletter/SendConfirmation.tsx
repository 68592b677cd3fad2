import { useEffect, useRef } from 'react';
import { Button } from '../../components/Button';

interface SendConfirmationProps {
  title: string;
  recipients: number;
  audience: string;
  sending: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** 'Envoyer à tous' asks once more, with the number of people the newsletter will reach. */
export function SendConfirmation({ title, recipients, audience, sending, onConfirm, onCancel }: SendConfirmationProps) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), []);
  const plural = recipients > 1 ? 's' : '';

  return (
    <div ref={panel} tabIndex={-1} className="notice notice--warning newsletter-confirm" role="group" aria-labelledby="confirm-question">
      <div className="newsletter-confirm__body">
        {recipients === 0 ? (
          <p id="confirm-question" className="newsletter-confirm__question">
            Aucun destinataire pour cette cible ({audience}).
          </p>
        ) : (
          <>
            <p id="confirm-question" className="newsletter-confirm__question">
              Envoyer « {title.trim()} » à {recipients} destinataire{plural} ({audience}) ?
            </p>
            <p>Une fois lancé, l'envoi continue même si tu quittes cette page.</p>
          </>
        )}
        <div className="form__actions">
          {recipients > 0 && (
            <Button busy={sending} busyLabel="Lancement de l'envoi…" onClick={onConfirm}>
              Confirmer l'envoi
            </Button>
          )}
          <Button variant="ghost" onClick={onCancel}>
            {recipients > 0 ? 'Annuler' : 'Fermer'}
          </Button>
        </div>
      </div>
    </div>
  );
}
