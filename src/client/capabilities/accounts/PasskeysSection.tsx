import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { isValidPasskeyName, PASSKEY_NAME_MAX_LENGTH, type Passkey } from '../../../shared/passkeys';
import { useAction } from '../../platform/data/useAction';
import { useLoad } from '../../platform/data/useLoad';
import { Button } from '../../platform/ui/Button';
import { ConfirmDialog } from '../../platform/ui/ConfirmDialog';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Field } from '../../platform/ui/Field';
import { Spinner } from '../../platform/ui/Spinner';
import { addPasskey, fetchPasskeys, removePasskey, renamePasskey } from './passkeys-api';
import { passkeysSupport } from './passkey-support';
import { SavedNotice } from './SavedNotice';

const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long' });
const day = (iso: string) => dateFormat.format(new Date(iso));

/**
 * /account's passkeys: 'Ajouter une clé d'accès' (named, so the member tells their devices
 * apart), and for each one held, when it was added and last used, 'Renommer' and 'Retirer'.
 */
export function PasskeysSection({ reloadKey = 0, onChanged }: { reloadKey?: number; onChanged(): void }) {
  const { data, error: loadError, loading, setData } = useLoad(`passkeys-${reloadKey}`, fetchPasskeys);
  const passkeys = data?.passkeys ?? [];
  const [notice, setNotice] = useState<string>();
  const replace = (next: Passkey[], message: string) => {
    setData({ passkeys: next });
    setNotice(message);
    onChanged();
  };

  return (
    <section className="card account-section" aria-labelledby="passkeys-title">
      <h3 id="passkeys-title" className="account-section__title">
        Mes clés d'accès
      </h3>
      <p>
        Une clé d'accès te connecte sans mot de passe, avec le déverrouillage de ton téléphone ou de ton ordinateur (empreinte, visage ou code), ou
        une clé de sécurité. Ton mot de passe reste valable.
      </p>
      {loading && <Spinner label="Chargement des clés d'accès…" />}
      {loadError && <ErrorBox message={loadError} />}
      {passkeys.length > 0 && (
        <ul className="passkey-list" aria-label="Clés d'accès enregistrées">
          {passkeys.map((passkey) => (
            <PasskeyItem
              key={passkey.id}
              passkey={passkey}
              onRenamed={(renamed) => replace(passkeys.map((item) => (item.id === renamed.id ? renamed : item)), `Clé d'accès renommée « ${renamed.name} ».`)}
              onRemoved={() => replace(passkeys.filter((item) => item.id !== passkey.id), `Clé d'accès « ${passkey.name} » retirée.`)}
            />
          ))}
        </ul>
      )}
      {data && passkeys.length === 0 && <p className="passkey-list__empty">Aucune clé d'accès pour l'instant.</p>}
      <AddPasskeyForm onAdded={(added) => replace([added, ...passkeys], `Clé d'accès « ${added.name} » ajoutée : tu peux t'en servir pour te connecter.`)} />
      <SavedNotice shown={notice !== undefined}>{notice}</SavedNotice>
    </section>
  );
}

function AddPasskeyForm({ onAdded }: { onAdded(passkey: Passkey): void }) {
  const [name, setName] = useState('');
  const { busy, error, run } = useAction();
  const enabled = isValidPasskeyName(name);
  const supported = useSyncExternalStore(...passkeysSupport);

  if (!supported) return <p className="notice">Ce navigateur ne sait pas créer de clé d'accès : ouvre cette page sur ton téléphone ou dans un navigateur récent.</p>;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!enabled) return;
    await run(async () => {
      onAdded(await addPasskey(name.trim()));
      setName('');
    });
  }

  return (
    <form className="form" noValidate onSubmit={submit} aria-label="Ajouter une clé d'accès">
      <Field
        label="Nom de la clé"
        value={name}
        onChange={setName}
        maxLength={PASSKEY_NAME_MAX_LENGTH}
        autoComplete="off"
        invalid={name !== '' && !enabled}
        hint="Par exemple « iPhone de Léa », pour la reconnaître dans la liste."
      />
      {error && <ErrorBox message={error} />}
      <div className="form__actions">
        <Button type="submit" enabled={enabled} busy={busy} busyLabel="Création de la clé d'accès…">
          Ajouter une clé d'accès
        </Button>
      </div>
    </form>
  );
}

interface PasskeyItemProps {
  passkey: Passkey;
  onRenamed(passkey: Passkey): void;
  onRemoved(): void;
}

function PasskeyItem({ passkey, onRenamed, onRemoved }: PasskeyItemProps) {
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [confirming, setConfirming] = useState(false);
  const rename = useAction();
  const removal = useAction();
  const ids = useId();
  const enabled = isValidPasskeyName(name);
  // Back from the rename form (saved or cancelled), the focus returns to 'Renommer'.
  const wasRenaming = useRef(false);
  useEffect(() => {
    if (wasRenaming.current && !renaming) document.getElementById(`${ids}-rename`)?.focus();
    wasRenaming.current = renaming;
  }, [renaming, ids]);

  async function saveName(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!enabled) return;
    await rename.run(async () => {
      onRenamed(await renamePasskey(passkey.id, name.trim()));
      setRenaming(false);
    });
  }

  async function remove() {
    const done = await removal.run(() => removePasskey(passkey.id));
    if (done) {
      setConfirming(false);
      onRemoved();
    }
  }

  return (
    <li className="passkey-list__item" aria-labelledby={`${ids}-name`}>
      <p id={`${ids}-name`} className="passkey-list__name">
        {passkey.name}
      </p>
      <p className="passkey-list__dates">
        Ajoutée le {day(passkey.createdAt)} · {passkey.lastUsedAt ? `dernière connexion le ${day(passkey.lastUsedAt)}` : 'pas encore utilisée'}
      </p>
      {renaming ? (
        <form className="form" noValidate onSubmit={saveName} aria-label={`Renommer « ${passkey.name} »`}>
          <Field label="Nouveau nom" value={name} onChange={setName} maxLength={PASSKEY_NAME_MAX_LENGTH} autoComplete="off" autoFocus invalid={!enabled} />
          {rename.error && <ErrorBox message={rename.error} />}
          <div className="form__actions">
            <Button type="submit" enabled={enabled} busy={rename.busy} busyLabel="Enregistrement…">
              Enregistrer le nom
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setRenaming(false);
                setName(passkey.name);
              }}
            >
              Annuler
            </Button>
          </div>
        </form>
      ) : (
        <div className="form__actions">
          <Button id={`${ids}-rename`} variant="secondary" size="small" onClick={() => setRenaming(true)} aria-label={`Renommer « ${passkey.name} »`}>
            Renommer
          </Button>
          <Button variant="secondary" size="small" onClick={() => setConfirming(true)} aria-label={`Retirer « ${passkey.name} »`}>
            Retirer
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title="Retirer cette clé d'accès ?"
        confirmLabel="Retirer la clé"
        busy={removal.busy}
        busyLabel="Retrait…"
        danger
        error={removal.error}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      >
        <p>« {passkey.name} » ne pourra plus te connecter. Pense aussi à la supprimer des réglages de l'appareil.</p>
      </ConfirmDialog>
    </li>
  );
}
