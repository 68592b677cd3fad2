import type { ReactNode } from 'react';
import { PrivacyContact } from '../settings/index';
import './legal.css';

/** A legal text rendered from its Markdown at build time (scripts/vite-site-content.ts). */
interface LegalDocument {
  title: string;
  applicable?: string;
  html: string;
  headings: { depth: 2 | 3; id: string; text: string }[];
}

interface TocEntry {
  id: string;
  text: string;
  children: { id: string; text: string }[];
}

/** Sections (##) with their sub-sections (###), for the table of contents. */
export function tableOfContents(headings: LegalDocument['headings']): TocEntry[] {
  const entries: TocEntry[] = [];
  for (const heading of headings) {
    if (heading.depth === 2) entries.push({ id: heading.id, text: heading.text, children: [] });
    else entries.at(-1)?.children.push({ id: heading.id, text: heading.text });
  }
  return entries;
}

/**
 * The policy's text, then its section 11's contact: the legal notice's facts, which the server
 * writes into the page. It follows the text rather than sitting in its Markdown, so that no
 * edit of the text can drop it.
 */
function PolicyBody({ html }: { html: string }): ReactNode {
  return (
    <div className="legal-page__main">
      {/* Built from content/privacy-policy.md at build time, never from visitors. */}
      <div className="prose legal-page__body" dangerouslySetInnerHTML={{ __html: html }} />
      <div className="legal-page__body legal-page__contact">
        <PrivacyContact />
      </div>
    </div>
  );
}

/** /calshare/privacy_policy: the full policy (spec §2) with its table of contents. */
export function PrivacyPolicy({ policy }: { policy: LegalDocument }) {
  return (
    <div className="container section legal-page">
      <header className="legal-page__header">
        <p className="eyebrow">Tes données</p>
        <h1>{policy.title}</h1>
        {policy.applicable && <p className="legal-page__date">Applicable à compter du {policy.applicable.replace(/ /g, '\u00a0')}</p>}
      </header>
      <div className="sidebar-layout legal-page__layout">
        <nav className="sidebar-layout__aside legal-toc" aria-labelledby="legal-toc-title">
          <h2 id="legal-toc-title" className="legal-toc__title">
            Sommaire
          </h2>
          <ol role="list">
            {tableOfContents(policy.headings).map((entry) => (
              <li key={entry.id}>
                <a href={`#${entry.id}`}>{entry.text}</a>
                {entry.children.length > 0 && (
                  <ol role="list">
                    {entry.children.map((child) => (
                      <li key={child.id}>
                        <a href={`#${child.id}`}>{child.text}</a>
                      </li>
                    ))}
                  </ol>
                )}
              </li>
            ))}
          </ol>
        </nav>
        <PolicyBody html={policy.html} />
      </div>
    </div>
  );
}
