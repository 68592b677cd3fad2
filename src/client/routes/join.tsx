import { ButtonLink } from '../platform/ui/Button';
import { Section } from '../platform/ui/Section';
import { publicConfig } from '../config';
import { JoinCounter } from '../capabilities/counter/JoinCounter';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: 'Rejoindre la waiting list',
    description: `Rejoins la waiting list et le projet ${publicConfig.projectName} : propose des sports, laisse un mot de soutien, reçois les nouvelles en avant-première.`,
    path: '/join',
  });

/** Arrives on the registration side of /account's switch: whoever taps 'Rejoindre' has no account yet. */
const REGISTER = '/account?auth=register';

const ADVANTAGES = [
  {
    icon: '🗳️',
    title: 'Choisir les sports',
    text: 'Propose les sports sur lesquels le projet doit se concentrer, et vote pour tes préférés.',
  },
  {
    icon: '✍️',
    title: 'Laisser ta marque',
    text: "Écris un mot de soutien qui s'affichera sur la page d'accueil, aux côtés des autres supporters.",
  },
  {
    icon: '📬',
    title: 'Être aux premières loges',
    text: 'Reçois en exclusivité les nouvelles du projet, avant tout le monde.',
  },
  {
    icon: '🎁',
    title: 'Des surprises aux événements',
    text: 'Tente ta chance pour des avantages exclusifs lors des événements que nous accompagnons.',
  },
];

export default function Join() {
  const { projectName } = publicConfig;
  return (
    <>
      <section className="hero hero--compact">
        <div className="container stack">
          <h1 className="hero__title">Rejoins la waiting list, Rejoins le projet {projectName}</h1>
          <p className="hero__lead">La création de ton compte est gratuite et ne prend qu'une minute.</p>
          <div className="hero__actions cluster">
            <ButtonLink to={REGISTER} size="large">
              Rejoindre
            </ButtonLink>
          </div>
        </div>
      </section>

      <Section title={`${projectName}, bien plus qu'un nom`} narrow>
        <p className="lead">
          {projectName} est un emblème : un nom <strong>sportif</strong>, <strong>qui rassemble</strong>,{' '}
          <strong>qui ouvre des portes</strong> et <strong>qui aide</strong> chacun à vivre sa passion, seul ou en équipe.
        </p>
      </Section>

      <Section title="Ce que tu y gagnes" tone="muted" centered>
        <ul className="grid grid--4" role="list">
          {ADVANTAGES.map((advantage) => (
            <li key={advantage.title} className="card">
              <span className="card__icon" aria-hidden="true">
                {advantage.icon}
              </span>
              <h3 className="card__title">{advantage.title}</h3>
              <p>{advantage.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="La communauté grandit" centered revealThreshold={0.5}>
        <div className="stack stack--large">
          <JoinCounter />
          <div className="cluster cluster--center">
            <ButtonLink to={REGISTER} size="large">
              Rejoindre
            </ButtonLink>
          </div>
        </div>
      </Section>
    </>
  );
}
