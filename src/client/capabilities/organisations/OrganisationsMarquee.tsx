import { Spinner } from '../../platform/ui/Spinner';
import { useLoad } from '../../platform/data/useLoad';
import { Marquee } from '../../platform/ui/Marquee';
import { getOrganisations } from './api';
import { Avatar } from '../../platform/ui/Avatar';

/** Spec §9: the list scrolls at 4 seconds per organisation. */
const SECONDS_PER_ORGANISATION = 4;

/**
 * The registered organisations, scrolling endlessly (spec §2), with the pause button and the
 * stillness under reduced motion of every Marquee.
 */
export function OrganisationsMarquee() {
  const { loading, data: organisations, error } = useLoad('organisations', getOrganisations);

  if (loading) {
    return (
      <div className="org-marquee__status">
        <Spinner size="large" label="Chargement des organisations…" />
      </div>
    );
  }
  if (error !== undefined || organisations === undefined) {
    return (
      <p className="notice notice--warning org-marquee__status" role="status">
        La liste des organisations n'a pas pu être chargée : {error}
      </p>
    );
  }
  if (organisations.length === 0) {
    return (
      <p className="notice org-marquee__status">Les premières organisations arrivent bientôt : et si c'était la tienne ?</p>
    );
  }

  return (
    <Marquee label="Organisations inscrites" durationSeconds={organisations.length * SECONDS_PER_ORGANISATION} className="org-marquee">
      <ul className="org-marquee__list" role="list">
        {organisations.map((organisation, index) => (
          <li key={`${organisation.username}-${index}`} className="org-marquee__item">
            <Avatar name={organisation.username} src={organisation.profilePic} size={48} />
            <span className="org-marquee__name">{organisation.username}</span>
          </li>
        ))}
      </ul>
    </Marquee>
  );
}
