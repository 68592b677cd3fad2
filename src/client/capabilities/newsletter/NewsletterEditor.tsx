import { useId, useState } from 'react';
import { Link } from 'react-router';
import { NEWSLETTER_MESSAGE_MS } from '../../../shared/newsletter/api';
import {
  NEWSLETTER_DESCRIPTION_MAX_LENGTH,
  NEWSLETTER_TITLE_MAX_LENGTH,
  isValidNewsletterDescription,
  isValidNewsletterLetter,
  isValidNewsletterTitle,
} from '../../../shared/newsletter/validation';
import { statusMessages } from '../../../shared/messages';
import { isValidEmail } from '../../../shared/validation/email';
import { errorMessage } from '../../platform/http/http';
import { Button } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Field } from '../../platform/ui/Field';
import { useAuth } from '../../platform/session/auth-context';
import { LeaveWarning } from './LeaveWarning';
import { countRecipients, newIdempotencyKey, sendNewsletter, sendTestNewsletter } from './api';
import { NewsletterPreview } from './NewsletterPreview';
import { SendConfirmation } from './SendConfirmation';
import { SendingHistory } from './SendingHistory';
import { TargetChoice } from './TargetChoice';
import { audienceOf, filterOf, type NewsletterTarget } from './targets';
import { useNewsletterDraft } from './useNewsletterDraft';
import { useNewsletterHistory } from './useNewsletterHistory';
import { useTransientMessage } from './useTransientMessage';
import './newsletter.css';

const savedFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short' });

const MARKDOWN_HINT = 'En Markdown : **gras**, *italique*, [lien](https://…), « - » pour une liste, « ## » pour un intertitre.';

/**
 * /admin/newsletter-editor (spec §2 "Newsletter editor", PRODUCT.md): write, test, send,
 * follow. What is written is kept as a draft in this browser until it is sent.
 */
export function NewsletterEditor() {
  const { state } = useAuth();
  const admin = state.user;
  const { draft, update, restoredAt, unsent, clear } = useNewsletterDraft(admin?.uuid ?? '');
  const { letter, title, desc, target } = draft;
  const [testEmail, setTestEmail] = useState(admin?.email ?? '');
  const [testUserId, setTestUserId] = useState(admin?.uuid ?? '');
  const [testing, setTesting] = useState(false);
  const [counting, setCounting] = useState(false);
  // The key makes this confirmation queue one newsletter however often it reaches the server.
  const [confirming, setConfirming] = useState<{ recipients: number; undeliverable: number; target: NewsletterTarget; idempotencyKey: string }>();
  const [sending, setSending] = useState(false);
  const [result, showResult] = useTransientMessage(NEWSLETTER_MESSAGE_MS);
  const [error, setError] = useState<string>();
  const history = useNewsletterHistory();
  const titleId = useId();

  const contentReady = isValidNewsletterTitle(title) && isValidNewsletterDescription(desc) && isValidNewsletterLetter(letter);
  const testReady = contentReady && isValidEmail(testEmail.trim()) && testUserId.trim() !== '';
  const content = { letter, title: title.trim(), desc: desc.trim() };
  const filter = filterOf(target);

  function startAction() {
    setError(undefined);
    showResult(undefined);
  }

  async function sendTest() {
    startAction();
    setTesting(true);
    try {
      await sendTestNewsletter({ ...content, email: testEmail.trim(), userId: testUserId.trim(), ...(filter ? { filter } : {}) });
      showResult(statusMessages.newsletterTestSent);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setTesting(false);
    }
  }

  async function askToSend() {
    startAction();
    setCounting(true);
    try {
      const { count, undeliverable } = await countRecipients(filter);
      setConfirming({ recipients: count, undeliverable, target, idempotencyKey: newIdempotencyKey() });
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setCounting(false);
    }
  }

  async function confirmSend() {
    if (!confirming) return;
    setSending(true);
    try {
      const confirmedFilter = filterOf(confirming.target);
      await sendNewsletter({ ...content, ...(confirmedFilter ? { filter: confirmedFilter } : {}), idempotencyKey: confirming.idempotencyKey });
      setConfirming(undefined);
      clear();
      showResult(statusMessages.newsletterSent);
      await history.reload();
    } catch (caught) {
      setConfirming(undefined);
      setError(errorMessage(caught));
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="container section newsletter-editor">
      <header className="newsletter-editor__header">
        <p className="eyebrow">
          <Link to="/admin">Administration</Link>
        </p>
        <h1>Newsletter</h1>
        <p className="lead">Rédige la lettre, vérifie-la avec un mail de test, puis envoie-la à tous les inscrits.</p>
      </header>

      {restoredAt && (
        <div className="notice newsletter-editor__restored">
          <p>Brouillon restauré : ce que tu avais écrit le {savedFormat.format(new Date(restoredAt))} est revenu.</p>
          <Button
            size="small"
            variant="ghost"
            onClick={() => {
              clear();
              setConfirming(undefined);
              document.getElementById(titleId)?.focus();
            }}
          >
            Effacer le brouillon
          </Button>
        </div>
      )}

      <div className="newsletter-editor__workspace">
        <form className="card newsletter-editor__form" noValidate onSubmit={(event) => event.preventDefault()} aria-label="Rédaction de la newsletter">
          <Field
            id={titleId}
            label="Titre"
            value={title}
            onChange={(next) => update({ title: next })}
            maxLength={NEWSLETTER_TITLE_MAX_LENGTH}
            showCount
            required
            hint="L'objet du mail."
          />
          <Field
            label="Description"
            value={desc}
            onChange={(next) => update({ desc: next })}
            maxLength={NEWSLETTER_DESCRIPTION_MAX_LENGTH}
            showCount
            hint="La phrase d'aperçu que les messageries affichent après l'objet."
          />
          <Field label="Contenu" type="textarea" rows={14} value={letter} onChange={(next) => update({ letter: next })} required hint={MARKDOWN_HINT} />
          <TargetChoice
            value={target}
            onChange={(next) => {
              update({ target: next });
              setConfirming(undefined);
            }}
          />

          <fieldset className="fieldset newsletter-editor__test">
            <legend className="fieldset__legend">Test avant envoi</legend>
            <Field label="Mail de test" type="email" autoComplete="email" value={testEmail} onChange={setTestEmail} />
            <Field
              label="Identifiant utilisateur de test"
              value={testUserId}
              onChange={setTestUserId}
              spellCheck={false}
              hint="Le mail de test est personnalisé pour ce compte (salutation, lien de désinscription). Par défaut, le tien."
            />
          </fieldset>
        </form>

        <NewsletterPreview {...content} />

        {/* After the preview: on a phone, the admin reads the mail before reaching 'Envoyer à tous'. */}
        <div className="card newsletter-editor__actions">
          <div className="form__actions">
            <Button variant="secondary" enabled={testReady} busy={testing} busyLabel="Envoi du mail de test…" onClick={() => void sendTest()}>
              Envoyer un mail de test
            </Button>
            <Button enabled={contentReady} busy={counting} busyLabel="Calcul des destinataires…" onClick={() => void askToSend()}>
              Envoyer à tous
            </Button>
          </div>

          {confirming && (
            <SendConfirmation
              title={title}
              recipients={confirming.recipients}
              undeliverable={confirming.undeliverable}
              audience={audienceOf(filterOf(confirming.target))}
              sending={sending}
              onConfirm={() => void confirmSend()}
              onCancel={() => setConfirming(undefined)}
            />
          )}
          {error && <ErrorBox message={error} />}
          <div role="status" className="newsletter-status">
            {result && <p className="notice notice--success">{result}</p>}
          </div>
        </div>
      </div>

      <SendingHistory newsletters={history.newsletters} error={history.error} />
      <LeaveWarning when={unsent && !sending} />
    </div>
  );
}
