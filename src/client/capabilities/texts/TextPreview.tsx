import { useDeferredValue, useMemo } from 'react';
import { renderTextMarkdown } from '../../../shared/texts-markdown';
import { pageText, type TextContent } from '../../../shared/texts';
import { publicConfig } from '../../config';
import { fillPlaceholders as fill, TEXT_VARIABLES } from './format';

/** The text's HTML as a visitor's page will show it: the one renderer the server uses, sanitised. */
function textHtml(body: string): string {
  return renderTextMarkdown(pageText(body, TEXT_VARIABLES), { siteOrigin: publicConfig.publicUrl });
}

/**
 * A text as its page will show it. Rendering waits for typing to pause (a deferred value), so
 * a long article never slows the keys down.
 */
export function TextPreview({ content, label }: { content: TextContent; label: string }) {
  const deferred = useDeferredValue(content);
  const html = useMemo(() => textHtml(deferred.body), [deferred.body]);
  return (
    // Focusable: on a wide screen it scrolls on its own, and a keyboard must scroll it too.
    <section className="card text-preview" aria-label={label} tabIndex={0}>
      <p className="eyebrow">{label}</p>
      <h2 className="text-preview__title">{pageText(deferred.title, TEXT_VARIABLES)}</h2>
      {deferred.applicable && <p className="text-preview__applicable">Applicable à partir du {fill(deferred.applicable)}</p>}
      {deferred.description && <p className="lead text-preview__description">{pageText(deferred.description, TEXT_VARIABLES)}</p>}
      <div className="prose text-preview__body" dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}
