import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../../platform/ui/Button';
import { Section } from '../../platform/ui/Section';
import { StoreBadges } from '../../platform/ui/StoreBadges';
import { publicConfig } from '../../config';
import { FeatureIllustrations } from './FeatureIllustrations';
import roadToStadium from './illustrations/road-to-stadium.svg';
import './calshare.css';

/**
 * /calshare (spec §2 App landing): what the app does, who supports it, where to get it.
 * The supporters' wall belongs to the waiting-list feature; the route hands it in.
 */
export function CalshareLanding({ supportersWall }: { supportersWall: ReactNode }) {
  const { appName, projectName } = publicConfig;
  return (
    <>
      <section className="hero calshare-hero" aria-labelledby="calshare-title">
        <div className="container hero__grid">
          <div>
            <p className="eyebrow">L'app de covoiturage du sport</p>
            <h1 id="calshare-title" className="hero__title">
              {appName}, le covoiturage vers tes événements sportifs
            </h1>
            <p className="hero__lead">
              Match, trail, tournoi ou gala : trouve une place dans une voiture qui va au même endroit que toi, ou propose les
              tiennes. Moins de frais, moins de CO₂, et déjà l'ambiance avant le coup d'envoi.
            </p>
            <StoreBadges className="calshare-hero__stores" />
            <p className="calshare-hero__help">
              Une question ? <Link to="/calshare/wiki">Consulte l'aide de {appName}</Link>
            </p>
          </div>
          <img
            className="calshare-hero__image"
            src={roadToStadium}
            alt="Une voiture orange sur la route d'un stade, et la fiche d'un conducteur avec deux places réservées sur trois"
            width={540}
            height={360}
          />
        </div>
      </section>

      <Section eyebrow="Comment ça marche" title={`Ce que tu peux faire avec ${appName}`} centered>
        <FeatureIllustrations appName={appName} />
      </Section>

      <Section
        tone="muted"
        eyebrow="La communauté"
        title="Ils soutiennent le projet"
        lead={`${appName} est porté par l'association ${projectName} et par celles et ceux qui y croient déjà. À ton tour de laisser une marque !`}
        centered
      >
        {supportersWall}
        <div className="cluster cluster--center calshare-supporters__action">
          <ButtonLink to="/leave-a-print" size="large">
            Laisser une marque
          </ButtonLink>
        </div>
      </Section>

      <Section eyebrow="Organisateurs" title="Tu organises un événement sportif ?">
        <div className="grid grid--2">
          <div className="card card--accent">
            <h3 className="card__title">Clubs, associations, organisateurs</h3>
            <p className="muted">
              Publie tes événements dans {appName} et aide ton public à venir ensemble. Le guide t'explique comment ouvrir ton
              compte organisation.
            </p>
            <div className="card__footer">
              <ButtonLink to="/calshare/organisations" variant="secondary">
                Lire le guide des organisations
              </ButtonLink>
            </div>
          </div>
          <div className="card card--accent">
            <h3 className="card__title">Un événement manque à l'appel ?</h3>
            <p className="muted">Signale-le en deux minutes : on l'ajoute à l'app pour que tout le monde puisse s'y rendre en covoiturage.</p>
            <div className="card__footer">
              <ButtonLink to="/go_with_calshare" variant="secondary">
                Signaler un événement
              </ButtonLink>
            </div>
          </div>
        </div>
      </Section>

      <Section tone="brand" eyebrow="Télécharger" title={`Prêt à partir ? ${appName} t'attend.`} centered>
        <div className="stack calshare-download">
          <StoreBadges />
          <p>
            Besoin d'un coup de main pour démarrer ? <Link to="/calshare/wiki">Toute l'aide est ici</Link>.
          </p>
        </div>
      </Section>
    </>
  );
}
