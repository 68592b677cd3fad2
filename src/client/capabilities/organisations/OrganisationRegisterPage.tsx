import { Link } from 'react-router';
import { publicConfig } from '../../config';
import { OrganisationRegisterForm } from './OrganisationRegisterForm';
import './register.css';

/** /join_as_organisation: why an approval comes first (spec §4), then the form. */
export function OrganisationRegisterPage() {
  const { contactEmail, appName } = publicConfig;
  return (
    <div className="container section org-register">
      <div className="org-register__intro">
        <p className="eyebrow">Clubs, associations, organisateurs</p>
        <h1>Créer un compte organisation</h1>
        <p className="lead">
          Un compte organisation vous permet de publier vos événements sur {appName} et d'en suivre les statistiques.
        </p>
        <div className="notice notice--warning">
          <p>
            <strong>Une autorisation est nécessaire avant la création.</strong> Écrivez-nous depuis l'adresse mail de
            votre organisation à <a href={`mailto:${contactEmail}`}>{contactEmail}</a> : dès que l'équipe l'a approuvée,
            vous pouvez créer le compte ici avec cette adresse.
          </p>
        </div>
        <p>
          Pour tout savoir sur les comptes organisation, lisez le{' '}
          <Link to="/calshare/organisations">guide des organisations</Link>. Vous êtes une personne ?{' '}
          <Link to="/account?auth=register">Créez un compte membre</Link>.
        </p>
      </div>
      <div className="form-card org-register__card">
        <h2 className="org-register__title">Votre organisation</h2>
        <OrganisationRegisterForm />
        <p className="org-register__login">
          Déjà un compte ? <Link to="/account">Se connecter</Link>
        </p>
      </div>
    </div>
  );
}
