import chatCrew from './illustrations/chat-crew.svg';
import findTrip from './illustrations/find-trip.svg';
import offerSeats from './illustrations/offer-seats.svg';
import stayInformed from './illustrations/stay-informed.svg';

interface Feature {
  image: string;
  alt: string;
  title: string;
  text: string;
}

/** The app's four features (spec §2 App landing), each drawn in the project's own SVG. */
export function FeatureIllustrations({ appName }: { appName: string }) {
  const features: Feature[] = [
    {
      image: findTrip,
      alt: "Une carte de recherche de trajet, une route en pointillés et un repère orange validé à l'arrivée",
      title: 'Trouve un trajet',
      text: "Cherche ton match, ta course ou ton tournoi et découvre les voitures qui s'y rendent depuis chez toi.",
    },
    {
      image: offerSeats,
      alt: 'Une voiture bleue avec un badge orange montrant deux places prises et une place libre',
      title: 'Propose tes places',
      text: 'Tu conduis ? Publie ton trajet en voiture ou en utilitaire, de 1 à 7 places, et partage les frais de la route.',
    },
    {
      image: chatCrew,
      alt: "Deux bulles de discussion, l'une bleue et l'autre blanche, avec une coche orange",
      title: 'Discute avec ton équipage',
      text: `Chaque trajet a sa discussion : point de rendez-vous, horaires, playlist… tout se règle dans ${appName}.`,
    },
    {
      image: stayInformed,
      alt: 'Un calendrier avec une date surlignée en orange et une cloche de notification',
      title: 'Ne rate aucun événement',
      text: 'Suis tes événements préférés et sois prévenu dès qu’un trajet est publié ou qu’une place se libère.',
    },
  ];
  return (
    <ul className="grid grid--4 feature-list" role="list">
      {features.map((feature) => (
        <li key={feature.title} className="card feature-card">
          <img className="feature-card__image" src={feature.image} alt={feature.alt} width={320} height={220} loading="lazy" />
          <h3 className="card__title">{feature.title}</h3>
          <p className="muted">{feature.text}</p>
        </li>
      ))}
    </ul>
  );
}
