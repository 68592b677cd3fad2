import { Link } from 'react-router';
import { FOOTER_YEAR, legalDocumentPath } from '../../shared/legal';
import { publicConfig } from '../config';

/** Spec §2 Footer: copyright line (2025) and the five links. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="site-footer__inner">
          <div className="site-footer__brand">
            <strong>{publicConfig.projectName}</strong>
            <span>Ensemble, Unissons le sport ! Une association à but non lucratif.</span>
          </div>
          <nav aria-label="Liens légaux">
            <ul className="site-footer__links">
              <li>
                <a href={legalDocumentPath('conditions-utilisation')} type="application/pdf">
                  Conditions d'utilisation (PDF)
                </a>
              </li>
              <li>
                <Link to="/calshare/privacy_policy">Politique de confidentialité</Link>
              </li>
              <li>
                <a href={legalDocumentPath('politique-remboursement')} type="application/pdf">
                  Politique de remboursement (PDF)
                </a>
              </li>
              <li>
                <a href={legalDocumentPath('frais-de-service')} type="application/pdf">
                  Frais de service (PDF)
                </a>
              </li>
              <li>
                <Link to="/mentions-legales">Mentions légales</Link>
              </li>
              <li>
                <a href={`mailto:${publicConfig.contactEmail}`}>Contact</a>
              </li>
            </ul>
          </nav>
        </div>
        <p className="site-footer__legal">
          © {FOOTER_YEAR} {publicConfig.projectName}. Tous droits réservés.
        </p>
      </div>
    </footer>
  );
}
