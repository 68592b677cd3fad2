import { useId, useState, type FormEvent } from 'react';
import {
  EVENT_REPORT_ERROR_CODES,
  EVENT_REPORT_FIELDS,
  EVENT_REPORT_MAX_LENGTH,
  isEventReportFieldValid,
  todayIso,
  type EventReportField,
  type EventReportPayload,
} from '../../../shared/event-reports';
import { messageForCode } from '../../../shared/messages';
import { errorMessage } from '../../platform/http/http';
import { Button } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Field, type FieldType } from '../../platform/ui/Field';
import { useProofOfWork } from '../../platform/anti-bot/useProofOfWork';
import { useHeldBack } from '../../platform/ui/useHeldBack';
import { sendEventReport } from './api';

const EMPTY: EventReportPayload = { eventName: '', sport: '', date: '', place: '', link: '', email: '' };

const FIELDS: Record<EventReportField, { label: string; type: FieldType; hint?: string; autoComplete?: string; placeholder?: string; inputMode?: 'url' | 'email' }> = {
  eventName: { label: "Nom de l'événement", type: 'text', placeholder: 'Ex. : Trail des Crêtes' },
  sport: { label: 'Sport', type: 'text', placeholder: 'Ex. : course à pied' },
  date: { label: 'Date', type: 'date', hint: 'Le premier jour, pour un événement sur plusieurs jours.' },
  place: { label: 'Lieu', type: 'text', hint: 'Ville, stade ou adresse.', placeholder: 'Ex. : Stade Vélodrome, Marseille' },
  link: {
    label: "Lien vers l'événement",
    type: 'url',
    inputMode: 'url',
    hint: 'Site officiel, billetterie ou page sur un réseau social.',
    placeholder: 'https://',
  },
  email: {
    label: 'Ton adresse mail (facultatif)',
    type: 'email',
    inputMode: 'email',
    autoComplete: 'email',
    hint: "Seulement si tu veux qu'on te prévienne quand l'événement est en ligne.",
  },
};

/** The report-an-event form: checked as it is typed with the server's own rules. */
export function ReportEventForm({ onSent }: { onSent(): void }) {
  const [values, setValues] = useState<EventReportPayload>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<EventReportField, boolean>>>({});
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  const antiBot = useProofOfWork();

  const today = todayIso();
  const valid = (field: EventReportField) => isEventReportFieldValid(field, values[field], today);
  const allValid = EVENT_REPORT_FIELDS.every(valid);
  const maxDate = `${Number(today.slice(0, 4)) + 3}${today.slice(4)}`;
  const ids = useId();
  const heldBack = useHeldBack(
    EVENT_REPORT_FIELDS.map((field) => ({ key: field, label: FIELDS[field].label, id: `${ids}-${field}`, holds: !valid(field) })),
    { started: EVENT_REPORT_FIELDS.some((field) => values[field] !== '') },
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!allValid || sending) return;
    setSending(true);
    setError(undefined);
    try {
      await antiBot.protect((proof) => sendEventReport({ ...values, ...proof }));
      onSent();
    } catch (caught) {
      // What was typed stays in the form, so the visitor only fixes what is wrong.
      setError(errorMessage(caught));
      setSending(false);
    }
  }

  return (
    <form className="form form--wide" noValidate onSubmit={(event) => void submit(event)}>
      {EVENT_REPORT_FIELDS.map((field) => {
        const { label, type, hint, autoComplete, placeholder, inputMode } = FIELDS[field];
        const value = values[field];
        // A field turns red once left, not while it is first being typed, or once the button was
        // pressed without it; then it follows every key.
        const invalid = (Boolean(touched[field]) || heldBack.marks(field)) && !valid(field);
        return (
          <Field
            key={field}
            id={`${ids}-${field}`}
            label={label}
            type={type}
            value={value}
            onChange={(next) => setValues((current) => ({ ...current, [field]: next }))}
            onBlur={() => setTouched((current) => ({ ...current, [field]: true }))}
            required={field !== 'email'}
            invalid={invalid}
            valid={value.trim() !== '' && valid(field)}
            message={invalid ? messageForCode(EVENT_REPORT_ERROR_CODES[field]) : undefined}
            hint={hint}
            autoComplete={autoComplete ?? 'off'}
            placeholder={placeholder}
            inputMode={inputMode}
            maxLength={type === 'date' ? undefined : EVENT_REPORT_MAX_LENGTH[field]}
            min={type === 'date' ? today : undefined}
            max={type === 'date' ? maxDate : undefined}
          />
        );
      })}
      {antiBot.field}
      {error && <ErrorBox message={error} />}
      <div className="form__actions">
        <Button type="submit" size="large" enabled={allValid} {...heldBack.buttonProps} busy={sending} busyLabel="Envoi du signalement…">
          Envoyer le signalement
        </Button>
      </div>
    </form>
  );
}
