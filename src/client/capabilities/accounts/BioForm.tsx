import { useState, type FormEvent } from 'react';
import { BIO_MAX_LENGTH, isValidBio } from '../../../shared/validation';
import type { CurrentUser } from '../../../shared/user';
import { Button } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Field } from '../../platform/ui/Field';
import { useAction } from '../../platform/data/useAction';
import { useAuth } from '../../platform/session/auth-context';
import { updateProfile } from './api';
import { SavedNotice } from './SavedNotice';

export function BioForm({ user }: { user: CurrentUser }) {
  const { refresh } = useAuth();
  const [bio, setBio] = useState(user.bio);
  const { busy, error, run } = useAction();
  const [saved, setSaved] = useState(false);
  const enabled = isValidBio(bio);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!enabled) return;
    await run(async () => {
      await updateProfile({ bio: bio.trim() });
      await refresh();
      setSaved(true);
    });
  }

  return (
    <section className="card account-section" aria-labelledby="bio-title">
      <h3 id="bio-title" className="account-section__title">
        Ma bio
      </h3>
      <form className="form" noValidate onSubmit={submit}>
        <Field
          label="Bio"
          type="textarea"
          rows={4}
          maxLength={BIO_MAX_LENGTH}
          showCount
          value={bio}
          onChange={(value) => {
            setBio(value);
            setSaved(false);
          }}
          invalid={!isValidBio(bio)}
          hint="Quelques mots sur toi et tes sports, visibles sur ton profil."
        />
        {error && <ErrorBox message={error} />}
        <div className="form__actions">
          <Button type="submit" enabled={enabled} busy={busy} busyLabel="Enregistrement…">
            Enregistrer la bio
          </Button>
        </div>
        <SavedNotice shown={saved}>Bio enregistrée.</SavedNotice>
      </form>
    </section>
  );
}
