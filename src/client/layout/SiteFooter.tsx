import { Link } from 'react-router';
import { FOOTER_YEAR, legalDocumentPath } from '../../shared/legal';
import { publicConfig } from '../config';

/** Spec §2 Footer: copyright line (2025) and the five links. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <p>
          © {FOOTER_YEAR} {publicConfig.projectName}. Tous droits réservés.
        </p>
        <nav aria-label="Liens légaux">
          <ul>
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
              <a href={`mailto:${publicConfig.contactEmail}`}>Contact</a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
