import { privacyPolicyHeadingHtml, tableOfContentsHtml, TEXT_PARTS, textBodyHtml } from '../../../shared/text-pages';
import { PrivacyContact } from '../settings/index';
import { PublishedTextPart } from '../texts/index';
import { Spinner } from '../../platform/ui/Spinner';
import './legal.css';

/**
 * /calshare/privacy_policy: the full policy (spec §2) with its table of contents, as published
 * from /admin/textes; the server writes it into the page. Its section 11's contact, the legal
 * notice's facts, follows the text rather than sitting in its Markdown, so that no edit of the
 * text can drop it.
 */
export function PrivacyPolicy() {
  return (
    <div className="container section legal-page">
      <header className="legal-page__header">
        <p className="eyebrow">Tes données</p>
        <PublishedTextPart id="privacy-policy" name={TEXT_PARTS.privacyPolicyHeading} render={privacyPolicyHeadingHtml} />
      </header>
      <div className="sidebar-layout legal-page__layout">
        <nav className="sidebar-layout__aside legal-toc" aria-labelledby="legal-toc-title">
          <h2 id="legal-toc-title" className="legal-toc__title">
            Sommaire
          </h2>
          <PublishedTextPart id="privacy-policy" name={TEXT_PARTS.privacyPolicyContents} render={(policy) => tableOfContentsHtml(policy.headings)} />
        </nav>
        <div className="legal-page__main">
          <PublishedTextPart
            id="privacy-policy"
            name={TEXT_PARTS.privacyPolicyBody}
            render={textBodyHtml}
            className="prose legal-page__body"
            waiting={<Spinner label="Chargement de la politique de confidentialité…" />}
          />
          <div className="legal-page__body legal-page__contact">
            <PrivacyContact />
          </div>
        </div>
      </div>
    </div>
  );
}
