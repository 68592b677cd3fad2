import { Spinner } from '../../platform/ui/Spinner';
import { useLoad } from '../../platform/data/useLoad';
import { usePrefersReducedMotion } from '../../platform/ui/usePrefersReducedMotion';
import { getOrganisations } from './api';
import { Avatar } from '../../platform/ui/Avatar';

/** Spec §9: the list scrolls at 4 seconds per organisation. */
const SECONDS_PER_ORGANISATION = 4;

/**
 * The registered organisations, scrolling endlessly (spec §2). The track holds the list
 * twice for a seamless loop; the copy is hidden from screen readers. With reduced motion
 * the list stands still and scrolls sideways by hand (components.css).
 */
export function OrganisationsMarquee() {
  const { loading, data: organisations, error } = useLoad('organisations', getOrganisations);
  const reducedMotion = usePrefersReducedMotion();

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

  const loop = !reducedMotion;
  return (
    <div className="marquee org-marquee" role="group" aria-label="Organisations inscrites" tabIndex={reducedMotion ? 0 : undefined}>
      <ul
        className="marquee__track"
        role="list"
        style={loop ? { animationDuration: `${organisations.length * SECONDS_PER_ORGANISATION}s` } : undefined}
      >
        {organisations.map((organisation, index) => (
          <li key={`${organisation.username}-${index}`} className="org-marquee__item">
            <Avatar name={organisation.username} src={organisation.profilePic} size={48} />
            <span className="org-marquee__name">{organisation.username}</span>
          </li>
        ))}
        {loop &&
          organisations.map((organisation, index) => (
            <li key={`copy-${organisation.username}-${index}`} className="org-marquee__item" aria-hidden="true">
              <Avatar name={organisation.username} src={organisation.profilePic} size={48} />
              <span className="org-marquee__name">{organisation.username}</span>
            </li>
          ))}
      </ul>
    </div>
  );
}
