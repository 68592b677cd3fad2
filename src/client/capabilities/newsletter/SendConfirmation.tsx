import { useEffect, useRef } from 'react';
import { Button } from '../../platform/ui/Button';

const RECIPIENTS_RULE = "Destinataires : les membres abonnés à la newsletter dont l'adresse mail est vérifiée.";

interface SendConfirmationProps {
  title: string;
  recipients: number;
  /** Subscribed and verified, but refused for good by their server (decision 0019). */
  undeliverable: number;
  audience: string;
  sending: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * 'Envoyer à tous' asks once more, with the number of people the newsletter will reach: the
 * subscribed accounts of the target whose address is verified (decision 0018).
 */
export function SendConfirmation({ title, recipients, undeliverable, audience, sending, onConfirm, onCancel }: SendConfirmationProps) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), []);
  const plural = recipients > 1 ? 's' : '';
  const leftOut =
    undeliverable > 0 ? (
      <p>
        {undeliverable === 1
          ? "1 adresse est laissée de côté : son serveur refuse nos mails (le membre en est averti sur son compte)."
          : `${undeliverable} adresses sont laissées de côté : leur serveur refuse nos mails (les membres en sont avertis sur leur compte).`}
      </p>
    ) : null;

  return (
    <div ref={panel} tabIndex={-1} className="notice notice--warning newsletter-confirm" role="group" aria-labelledby="confirm-question">
      <div className="newsletter-confirm__body">
        {recipients === 0 ? (
          <>
            <p id="confirm-question" className="newsletter-confirm__question">
              Aucun destinataire pour cette cible ({audience}).
            </p>
            <p>{RECIPIENTS_RULE}</p>
            {leftOut}
          </>
        ) : (
          <>
            <p id="confirm-question" className="newsletter-confirm__question">
              Envoyer « {title.trim()} » à {recipients} destinataire{plural} ({audience}) ?
            </p>
            <p>{RECIPIENTS_RULE}</p>
            {leftOut}
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
