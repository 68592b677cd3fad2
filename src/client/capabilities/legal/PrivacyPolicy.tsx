import type { ReactNode } from 'react';
import { PRIVACY_CONTACT_PART } from '../../../shared/legal-notice';
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

/** Where the Markdown leaves section 11's contact to the server (the legal notice's facts). */
const CONTACT_PLACE = `<div data-server-part="${PRIVACY_CONTACT_PART}"></div>`;

/**
 * The policy's text, its contact put in its place: the text before it and after it each in a
 * block of their own, since the server writes the contact's block at run time.
 */
function PolicyBody({ html }: { html: string }): ReactNode {
  const at = html.indexOf(CONTACT_PLACE);
  // Built from content/privacy-policy.md at build time, never from visitors.
  if (at === -1) return <div className="prose legal-page__body" dangerouslySetInnerHTML={{ __html: html }} />;
  return (
    <div className="legal-page__main">
      <div className="prose legal-page__body" dangerouslySetInnerHTML={{ __html: html.slice(0, at) }} />
      <div className="legal-page__body legal-page__contact">
        <PrivacyContact />
      </div>
      <div className="prose legal-page__body" dangerouslySetInnerHTML={{ __html: html.slice(at + CONTACT_PLACE.length) }} />
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
