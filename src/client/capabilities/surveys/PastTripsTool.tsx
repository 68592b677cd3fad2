import { useId, useState, type FormEvent } from 'react';
import { isValidEmail, normalizeEmail } from '../../../shared/validation/email';
import { SURVEYS, isSurveyId, type MemberTrips } from '../../../shared/surveys';
import { Button } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Field } from '../../platform/ui/Field';
import { useAction } from '../../platform/data/useAction';
import { addPastTrip, findMemberTrips, removeLastPastTrip } from './api';

type Action = 'find' | 'add' | 'remove';

function tripCount(count: number) {
  return count === 0 ? 'Aucun trajet enregistré' : `${count} trajet${count > 1 ? 's' : ''} enregistré${count > 1 ? 's' : ''}`;
}

/**
 * Until the app reports trips, the admin marks that a member made one (spec §3 pastTrips):
 * that opens the post-use survey for them and closes the pre-use one.
 */
export function PastTripsTool() {
  const titleId = useId();
  const [email, setEmail] = useState('');
  const [member, setMember] = useState<MemberTrips>();
  const { running, error, run } = useAction<Action>();
  const [done, setDone] = useState<string>();

  const canFind = isValidEmail(email.trim());

  async function perform(action: Action, call: () => Promise<MemberTrips>, success: (member: MemberTrips) => string | undefined) {
    setDone(undefined);
    const ok = await run(async () => {
      const found = await call();
      setMember(found);
      setDone(success(found));
    }, action);
    // A failed search must not leave the previous member's buttons on screen.
    if (!ok && action === 'find') setMember(undefined);
  }

  function find(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canFind || running) return;
    void perform(
      'find',
      () => findMemberTrips(normalizeEmail(email)),
      () => undefined,
    );
  }

  const answered = member
    ? Object.keys(member.surveys)
        .filter(isSurveyId)
        .map((id) => SURVEYS[id].title)
    : [];

  return (
    <section className="card survey-results past-trips" aria-labelledby={titleId}>
      <h2 id={titleId}>Trajets effectués</h2>
      <p className="muted">
        Tant que l'application ne transmet pas les trajets, indique ici qu'un membre a fait un trajet : le questionnaire après
        utilisation s'ouvre alors pour lui, et celui d'avant se ferme.
      </p>
      <form className="form past-trips__search" noValidate onSubmit={find} aria-label="Rechercher un membre">
        <Field
          label="Adresse mail du membre"
          type="email"
          inputMode="email"
          autoComplete="off"
          spellCheck={false}
          value={email}
          onChange={setEmail}
        />
        <div className="form__actions">
          <Button type="submit" variant="secondary" enabled={canFind} busy={running === 'find'} busyLabel="Recherche…">
            Rechercher
          </Button>
        </div>
      </form>
      {error && <ErrorBox message={error} />}
      <div role="status" className="past-trips__status">
        {done && <p className="notice notice--success">{done}</p>}
      </div>
      {member && (
        <div className="past-trips__member">
          <p className="past-trips__name">
            <strong>{member.username}</strong> <span className="muted">{member.email}</span>
          </p>
          <p>
            {tripCount(member.pastTrips.length)} ·{' '}
            {answered.length > 0 ? `a répondu : ${answered.join(', ')}` : "n'a répondu à aucun questionnaire"}
          </p>
          <div className="cluster">
            <Button
              busy={running === 'add'}
              busyLabel="Enregistrement…"
              onClick={() =>
                void perform(
                  'add',
                  () => addPastTrip(member.email),
                  (updated) => `Trajet enregistré pour ${updated.username}.`,
                )
              }
            >
              Marquer « a fait un trajet »
            </Button>
            <Button
              variant="secondary"
              enabled={member.pastTrips.length > 0}
              busy={running === 'remove'}
              busyLabel="Suppression…"
              onClick={() =>
                void perform(
                  'remove',
                  () => removeLastPastTrip(member.email),
                  (updated) => `Dernier trajet retiré pour ${updated.username}.`,
                )
              }
            >
              Retirer le dernier trajet
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
