import { useState, type FormEvent } from 'react';
import { USERNAME_MAX_LENGTH, isValidUsername } from '../../../shared/validation';
import type { CurrentUser } from '../../../shared/user';
import { Button } from '../../platform/ui/Button';
import { Field } from '../../platform/ui/Field';
import { useAction } from '../../platform/data/useAction';
import { useAuth } from '../../platform/session/auth-context';
import { changeUsername } from './api';
import { SavedNotice } from './SavedNotice';

const INVALID_NAME = `Le nom doit tenir sur une ligne, en ${USERNAME_MAX_LENGTH} caractères au plus.`;

/**
 * An organisation's displayed name, fixed by the organisation itself (decision 0026): the
 * registration's rule, the server's refusal shown under the field it is about.
 */
export function OrganisationNameForm({ user }: { user: CurrentUser }) {
  const { refresh } = useAuth();
  const [name, setName] = useState(user.username);
  const { busy, error, setError, run } = useAction();
  const [saved, setSaved] = useState(false);
  const valid = isValidUsername(name);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!valid) return;
    await run(async () => {
      await changeUsername({ username: name.trim() });
      await refresh();
      setSaved(true);
    });
  }

  const message = !valid ? INVALID_NAME : error;
  return (
    <section className="card account-section" aria-labelledby="organisation-name-title">
      <h3 id="organisation-name-title" className="account-section__title">
        Nom de l'organisation
      </h3>
      <form className="form" noValidate onSubmit={submit}>
        <Field
          label="Nom de l'organisation"
          autoComplete="organization"
          required
          maxLength={USERNAME_MAX_LENGTH}
          value={name}
          onChange={(value) => {
            setName(value);
            setSaved(false);
            setError(undefined);
          }}
          invalid={message !== undefined}
          message={message}
          hint="Affiché sur votre profil, avec vos mots de soutien et dans le guide des organisations."
        />
        <div className="form__actions">
          <Button type="submit" enabled={valid} busy={busy} busyLabel="Enregistrement…">
            Enregistrer le nom
          </Button>
        </div>
        <SavedNotice shown={saved}>Nom enregistré.</SavedNotice>
      </form>
    </section>
  );
}
