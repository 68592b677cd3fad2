import type { NewsletterContent } from '../../../shared/newsletter/api';
import { useLoad } from '../../platform/data/useLoad';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Spinner } from '../../platform/ui/Spinner';
import { previewNewsletter } from './api';

const DEBOUNCE_MS = 400;

/**
 * The e-mail as the server renders it for the admin, updated a moment after typing stops.
 * The HTML goes into a sandboxed iframe: no script, no access to this page.
 */
export function NewsletterPreview({ letter, title, desc }: NewsletterContent) {
  // The last preview stays in view while the next is made, and if making it fails.
  const {
    data: preview,
    error,
    loading: updating,
  } = useLoad(JSON.stringify([letter, title, desc]), (signal) => previewNewsletter({ letter, title, desc }, signal), {
    delayMs: DEBOUNCE_MS,
    keepPrevious: true,
  });

  // The frame and its labels are there from the start, empty until the first preview: drawn
  // only then, they pushed down what follows ('Envoyer à tous' on a phone).
  return (
    <section className="card newsletter-preview" aria-labelledby="preview-title" aria-busy={updating}>
      <div className="newsletter-preview__header">
        <h2 id="preview-title" className="newsletter-editor__heading">
          Aperçu du mail
        </h2>
        {/* Silent once there is a preview: a screen reader would hear it after every pause in typing. */}
        {updating && (preview ? <Spinner decorative /> : <Spinner label="Préparation de l'aperçu…" />)}
      </div>
      {error && <ErrorBox message={error} />}
      <dl className="newsletter-preview__meta">
        <div>
          <dt>Objet</dt>
          <dd>{preview ? preview.subject || '(sans titre)' : '…'}</dd>
        </div>
        <div>
          <dt>Aperçu</dt>
          <dd>{desc.trim() || '(sans description)'}</dd>
        </div>
      </dl>
      <iframe className="newsletter-preview__frame" title="Aperçu du mail" sandbox="" srcDoc={preview?.html ?? ''} />
      <details className="newsletter-preview__text">
        <summary>Version texte</summary>
        <pre>{preview?.text}</pre>
      </details>
    </section>
  );
}
