import { useDeferredValue, useMemo } from 'react';
import { frenchSpacing } from '../../../shared/markdown-source';
import { renderTextMarkdown } from '../../../shared/texts-markdown';
import type { TextContent } from '../../../shared/texts';
import { publicConfig } from '../../config';

const VARIABLES: Record<string, string> = {
  appName: publicConfig.appName,
  projectName: publicConfig.projectName,
  contactEmail: publicConfig.contactEmail,
  publicUrl: publicConfig.publicUrl,
};

/** The placeholders filled as the page fills them; an unknown one stays as typed, for the editor to see. */
const fill = (text: string) => text.replace(/\{([a-zA-Z]+)\}/g, (whole, name: string) => (Object.hasOwn(VARIABLES, name) ? VARIABLES[name] : whole));

/** The text's HTML as a visitor's page will show it: the one renderer the server uses, sanitised. */
export function textHtml(body: string): string {
  return renderTextMarkdown(frenchSpacing(fill(body)), { siteOrigin: publicConfig.publicUrl });
}

/**
 * A text as its page will show it. Rendering waits for typing to pause (a deferred value), so
 * a long article never slows the keys down.
 */
export function TextPreview({ content, label }: { content: TextContent; label: string }) {
  const deferred = useDeferredValue(content);
  const html = useMemo(() => textHtml(deferred.body), [deferred.body]);
  return (
    <section className="card text-preview" aria-label={label}>
      <p className="eyebrow">{label}</p>
      <h2 className="text-preview__title">{frenchSpacing(fill(deferred.title))}</h2>
      {deferred.applicable && <p className="text-preview__applicable">Applicable à partir du {fill(deferred.applicable)}</p>}
      {deferred.description && <p className="lead text-preview__description">{frenchSpacing(fill(deferred.description))}</p>}
      <div className="prose text-preview__body" dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}
