import { Link } from 'react-router';
import { ButtonLink } from '../platform/ui/Button';
import { Section } from '../platform/ui/Section';
import { StoreBadges } from '../platform/ui/StoreBadges';
import { publicConfig } from '../config';
import { SupportersWall } from '../capabilities/words/SupportersWall';
import { PublishedTextPart } from '../capabilities/texts/index';
import { TEXT_PARTS, textBodyHtml, textTitleHtml } from '../../shared/text-pages';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: `${publicConfig.projectName} — Ensemble, Unissons le sport !`,
    description: `Rejoins la waiting list de ${publicConfig.projectName}, le projet associatif qui rassemble les sportifs, fait connaître les événements et facilite les trajets pour y aller.`,
    path: '/',
  });

const GOALS = [
  {
    icon: '🤝',
    title: 'Trouver ses partenaires',
    text: "On ne connaît pas toujours les sportifs qui s'entraînent à deux rues de chez soi. Nous voulons que chacun trouve facilement avec qui courir, rouler, nager ou taper la balle.",
  },
  {
    icon: '🚗',
    title: 'Y aller sans casse-tête',
    text: "Organiser le trajet jusqu'à un match, une course ou un tournoi, c'est souvent un casse-tête. Entre passionnés qui vont au même endroit, partager la route devient simple.",
  },
  {
    icon: '📅',
    title: 'Ne plus rater un événement',
    text: "On n'est pas toujours au courant de tout ce qui se passe près de chez soi. Nous rassemblons les événements sportifs pour que personne ne passe à côté.",
  },
];

export default function Home() {
  const { projectName, appName } = publicConfig;
  return (
    <>
      <section className="hero">
        <div className="container hero__grid">
          <div className="stack">
            <p className="eyebrow">Association sportive à but non lucratif</p>
            <h1 className="hero__title">Ensemble, Unissons le sport !</h1>
            <p className="hero__lead">
              Des partenaires pour s'entraîner, des événements à ne pas manquer et des trajets partagés pour s'y rendre :{' '}
              {projectName} se construit avec toi.
            </p>
            <div className="hero__actions cluster">
              <ButtonLink to="/join" size="large">
                Rejoindre le projet
              </ButtonLink>
              <Link to="/account" className="hero__link">
                Déjà membre ?
              </Link>
            </div>
          </div>
        </div>
      </section>

      <Section
        title={`Pourquoi ${projectName} ?`}
        eyebrow="Nos objectifs"
        lead="Trois constats nous ont donné envie de nous lancer."
        centered
      >
        <div className="stack stack--large">
          <ul className="grid grid--3" role="list">
            {GOALS.map((goal) => (
              <li key={goal.title} className="card">
                <span className="card__icon" aria-hidden="true">
                  {goal.icon}
                </span>
                <h3 className="card__title">{goal.title}</h3>
                <p>{goal.text}</p>
              </li>
            ))}
          </ul>
          <div className="cluster cluster--center">
            <ButtonLink to="/join">Rejoindre la waiting list</ButtonLink>
          </div>
        </div>
      </Section>

      <Section
        title={<PublishedTextPart id="founders-message" name={TEXT_PARTS.foundersMessageTitle} render={textTitleHtml} inline />}
        eyebrow="Notre histoire"
        tone="muted"
        narrow
      >
        {/* As published from /admin/textes: the server writes it into the page. */}
        <PublishedTextPart id="founders-message" name={TEXT_PARTS.foundersMessage} render={textBodyHtml} className="prose" />
      </Section>

      <Section title={`Découvrez l'univers ${projectName}`} eyebrow="Nos projets" centered>
        <article className="card card--accent project-card">
          <h3 className="card__title">{appName}</h3>
          <p>
            Le covoiturage pour aller aux événements sportifs : trouve un trajet vers ton match ou ta course, propose tes places
            libres et discute avec ton équipage.
          </p>
          <div className="card__footer stack">
            <Link to="/calshare">En savoir plus</Link>
            <StoreBadges />
          </div>
        </article>
      </Section>

      <Section title="Ils soutiennent le projet" eyebrow="Le mur des supporters" tone="muted" revealThreshold={0.1}>
        <div className="stack stack--large">
          <SupportersWall />
          <div className="cluster cluster--center">
            <ButtonLink to="/leave-a-print" variant="secondary">
              Laisser une marque
            </ButtonLink>
          </div>
        </div>
      </Section>
    </>
  );
}
