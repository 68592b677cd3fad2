import { Link } from 'react-router';
import { LEGAL_NOTICE_PART, legalNoticeHtml, PRIVACY_CONTACT_PART, privacyContactHtml } from '../../../shared/legal-notice';
import { TEXT_PARTS, textBodyHtml } from '../../../shared/text-pages';
import { ServerPart } from '../../platform/ui/ServerPart';
import { PublishedTextPart } from '../texts/index';
import { Spinner } from '../../platform/ui/Spinner';
import { getLegalNotice } from './api';
import './legal-notice.css';

/**
 * /mentions-legales: who publishes the site and who hosts it, as the law asks (LCEN art. 6-III).
 * The facts are the admin's settings, and its free text a text edited from /admin/textes, both
 * written into the page by the server.
 */
export function LegalNoticePage() {
  return (
    <div className="container container--narrow section legal-notice">
      <header className="legal-notice__header">
        <p className="eyebrow">Qui sommes-nous ?</p>
        <h1>Mentions légales</h1>
        <p className="lead">
          Ce site est édité par une association à but non lucratif. Voici qui en est responsable et qui l'héberge, comme le prévoit la loi
          pour la confiance dans l'économie numérique (article 6-III).
        </p>
      </header>
      <ServerPart name={LEGAL_NOTICE_PART} load={getLegalNotice} render={legalNoticeHtml} waiting={<Spinner label="Chargement des mentions légales…" />} />
      {/* The association's own words under the facts, as published from /admin/textes. */}
      <PublishedTextPart id="legal-notice" name={TEXT_PARTS.legalNoticeText} render={textBodyHtml} className="prose legal-notice__text" />
      <section className="legal-notice__section" aria-labelledby="donnees">
        <h2 id="donnees">Tes données</h2>
        <p>
          Ce que nous collectons, pourquoi, combien de temps nous le gardons et comment exercer tes droits : tout est dans notre{' '}
          <Link to="/calshare/privacy_policy">politique de confidentialité</Link>.
        </p>
      </section>
    </div>
  );
}

/** The privacy policy's section 11 contact: the same facts as the legal notice. */
export function PrivacyContact() {
  return <ServerPart name={PRIVACY_CONTACT_PART} load={getLegalNotice} render={privacyContactHtml} waiting={<Spinner label="Chargement du contact…" />} />;
}
