import { useInView } from '../../platform/ui/useInView';
import { fetchCounter } from './api';
import { useCountUp } from './count-up';
import { useLiveQuery } from '../../platform/live/useLiveQuery';

/**
 * Spec §2, §4: '{n} personnes font déjà partie du projet et ont créé leur compte', counting
 * up from 0 once the block is half in view. Screen readers get the final number at once.
 */
export function JoinCounter() {
  const { data } = useLiveQuery('counter', fetchCounter);
  const { ref, inView } = useInView<HTMLDivElement>({ threshold: 0.5 });
  const total = data?.users ?? 0;
  const shown = useCountUp(total, inView && data !== undefined);
  return (
    <div ref={ref} className="join-counter">
      <p aria-hidden="true">
        <span className="join-counter__value">{shown}</span> personnes font déjà partie du projet et ont créé leur compte
      </p>
      <p className="visually-hidden">{data ? `${total} personnes font déjà partie du projet et ont créé leur compte` : 'Chargement du nombre de membres…'}</p>
    </div>
  );
}
