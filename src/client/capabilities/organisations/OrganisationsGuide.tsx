import { Link } from 'react-router';
import { legalDocumentPath } from '../../../shared/legal';
import { ButtonLink } from '../../platform/ui/Button';
import { Section } from '../../platform/ui/Section';
import { publicConfig } from '../../config';
import { OrganisationsMarquee } from './OrganisationsMarquee';
import './guide.css';

/** /calshare/organisations (spec §2): who is already there, then the three steps. */
export function OrganisationsGuide() {
  const { appName, contactEmail } = publicConfig;
  return (
    <>
      <section className="hero hero--compact" aria-labelledby="organisations-title">
        <div className="container">
          <p className="eyebrow">Guide des organisations</p>
          <h1 id="organisations-title" className="hero__title">
            Fais venir ton public ensemble
          </h1>
          <p className="hero__lead">
            Clubs, associations, organisateurs de courses et de tournois : publie tes événements dans {appName} et laisse tes
            participants et supporters s'organiser en covoiturage. Voici comment faire, en trois étapes.
          </p>
        </div>
      </section>

      <Section eyebrow="Ils sont déjà là" title="Les organisations inscrites" tone="muted">
        <OrganisationsMarquee />
      </Section>

      <Section eyebrow="Pas à pas" title="Publier tes événements en trois étapes" narrow>
        <ol className="steps guide-steps">
          <li>
            <h3>Fais autoriser la création de ton compte</h3>
            <p>
              Les comptes organisation sont ouverts sur autorisation, pour que seules de vraies organisations publient des
              événements. Envoie l'adresse mail avec laquelle tu veux créer ton compte à{' '}
              <a href={`mailto:${contactEmail}?subject=${encodeURIComponent('Création d’un compte organisation')}`}>{contactEmail}</a>, par
              mail ou par message sur nos réseaux sociaux, en précisant le nom de ton organisation et les événements que tu
              organises.
            </p>
            <p>Dès que ton adresse est autorisée, crée ton compte sur la page dédiée, avec cette même adresse :</p>
            <ButtonLink to="/join_as_organisation" variant="secondary">
              Créer mon compte organisation
            </ButtonLink>
          </li>
          <li>
            <h3>Ajoute tes événements depuis le centre d'événements</h3>
            <p>
              Dans l'app, ouvre le <strong>centre d'événements</strong> et touche l'icône <strong>+</strong>. Renseigne le nom, le
              sport, la date et le lieu de ton événement.
            </p>
            <p>
              Coche la case <strong>« Déclarer comme mon événement »</strong> : elle relie l'événement à ton organisation. C'est
              indispensable pour retrouver ses <strong>statistiques</strong> (trajets proposés, places réservées) sur ton profil, et
              pour que les participants sachent que l'information vient de toi.
            </p>
            <div className="grid grid--2 guide-compare">
              <div className="card card--muted">
                <h4>Suggérer un événement</h4>
                <p>
                  Ce que peut faire tout membre : l'événement passe d'abord par une <strong>vérification</strong> de notre équipe
                  avant d'être publié.
                </p>
              </div>
              <div className="card card--muted">
                <h4>Ajouter un événement</h4>
                <p>
                  Réservé aux comptes organisation : l'événement est <strong>publié directement</strong>, sans attente, et les
                  trajets peuvent être proposés aussitôt.
                </p>
              </div>
            </div>
          </li>
          <li>
            <h3>Les liens utiles</h3>
            <ul className="guide-links">
              <li>
                <Link to="/join_as_organisation">Créer ton compte organisation</Link>, une fois ton adresse autorisée
              </li>
              <li>
                <Link to="/calshare/download">Télécharger {appName}</Link> sur iPhone ou Android
              </li>
              <li>
                <Link to="/calshare/wiki">L'aide de {appName}</Link>, pour tout savoir sur les trajets et les discussions
              </li>
              <li>
                <Link to="/go_with_calshare">Signaler un événement</Link> depuis le site, sans compte
              </li>
              <li>
                <Link to="/calshare/visuals">Les visuels à partager</Link> pour annoncer le covoiturage à ton public
              </li>
              <li>
                <a href={legalDocumentPath('conditions-utilisation')} type="application/pdf">
                  Les conditions d'utilisation (PDF)
                </a>
              </li>
              <li>
                Une question ? <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
              </li>
            </ul>
          </li>
        </ol>
      </Section>
    </>
  );
}
