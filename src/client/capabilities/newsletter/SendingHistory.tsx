import type { NewsletterSummary } from '../../../shared/newsletter/api';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Spinner } from '../../platform/ui/Spinner';
import { audienceOf } from './targets';

const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short' });

const count = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

function status(newsletter: NewsletterSummary): { label: string; tone: string } {
  if (newsletter.pending > 0) return { label: 'Envoi en cours', tone: 'tag--accent' };
  if (newsletter.failed > 0) return { label: 'Terminé, avec des échecs', tone: 'newsletter-sending__tag--failed' };
  return { label: 'Terminé', tone: 'newsletter-sending__tag--done' };
}

/** Every sending, newest first, each with its live progress bar (sent / failed / total). */
export function SendingHistory({ newsletters, error }: { newsletters: NewsletterSummary[] | undefined; error: string | undefined }) {
  return (
    <section className="card newsletter-history" aria-labelledby="history-title">
      <h2 id="history-title" className="newsletter-editor__heading">
        Envois
      </h2>
      {error && <ErrorBox message={error} />}
      {!newsletters && !error && <Spinner label="Chargement des envois…" />}
      {newsletters?.length === 0 && <p className="muted">Aucune newsletter envoyée pour le moment.</p>}
      {newsletters && newsletters.length > 0 && (
        <ol className="newsletter-history__list" role="list">
          {newsletters.map((newsletter) => {
            const { label, tone } = status(newsletter);
            return (
              <li key={newsletter.id} className="newsletter-sending">
                <div className="newsletter-sending__head">
                  <h3 className="newsletter-sending__title">{newsletter.title}</h3>
                  <span className={`tag ${tone}`}>{label}</span>
                </div>
                <p className="newsletter-sending__meta">
                  {dateFormat.format(new Date(newsletter.createdAt))} · {audienceOf(newsletter.filter)}
                </p>
                <progress
                  className="progress"
                  max={Math.max(newsletter.total, 1)}
                  value={newsletter.sent + newsletter.failed}
                  aria-label={`Progression de l'envoi « ${newsletter.title} »`}
                />
                <p className="newsletter-sending__counts">
                  {count(newsletter.sent, 'envoyé', 'envoyés')} · {count(newsletter.failed, 'échec', 'échecs')} ·{' '}
                  {count(newsletter.total, 'destinataire', 'destinataires')}
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
