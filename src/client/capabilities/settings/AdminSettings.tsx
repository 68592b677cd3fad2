import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formatEuros, parseBonusAmount } from '../../../shared/surveys';
import { AdminPage } from '../../platform/ui/AdminPage';
import { Button } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Field } from '../../platform/ui/Field';
import { Spinner } from '../../platform/ui/Spinner';
import { useAction } from '../../platform/data/useAction';
import { useLoad } from '../../platform/data/useLoad';
import { getAdminSettings, saveAdminSettings } from './api';
import { LegalNoticeSettings } from './LegalNoticeSettings';

/** The amount as the admin would type it: '5', or '7,50' with its cents. */
const asTyped = (amount: number) => (Number.isInteger(amount) ? String(amount) : amount.toFixed(2).replace('.', ','));

/** /admin/settings (PRODUCT.md): the pre-use survey's bonus amount, and the legal notice's facts. */
export function AdminSettings() {
  const { data: settings, error: loadError, setData } = useLoad('settings', getAdminSettings);
  const saved = settings?.bonusAmount;
  // What the admin types; until then, the saved amount as they would type it.
  const [typed, setTyped] = useState<string>();
  const text = typed ?? (saved === undefined ? '' : asTyped(saved));
  const { busy: saving, error: saveError, run } = useAction();
  const [done, setDone] = useState<string>();

  const amount = parseBonusAmount(text);
  const invalid = text.trim() !== '' && amount === undefined;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (amount === undefined) return;
    setDone(undefined);
    await run(async () => {
      const { bonusAmount } = await saveAdminSettings({ bonusAmount: amount });
      setData({ bonusAmount });
      setTyped(undefined);
      setDone(`Le bonus est maintenant de ${formatEuros(bonusAmount)}.`);
    });
  }

  return (
    <AdminPage title="Réglages" lead="Ce que le site annonce et que tu peux changer sans développeur.">
      <section className="card admin-block" aria-labelledby="bonus-title">
        <h2 id="bonus-title">Bonus du premier trajet</h2>
        <p className="muted">
          Offert sur le premier trajet en tant que passager, il est annoncé dans le{' '}
          <Link to="/calshare/surveys/pre-use">questionnaire avant utilisation</Link>. À 0 €, il n'est plus annoncé.
        </p>
        {loadError && <ErrorBox message={loadError} />}
        {saved === undefined && !loadError && <Spinner label="Chargement des réglages…" />}
        {saved !== undefined && (
          <form className="form" noValidate onSubmit={save} aria-labelledby="bonus-title">
            <Field
              label="Montant du bonus (en €)"
              inputMode="decimal"
              autoComplete="off"
              value={text}
              onChange={setTyped}
              required
              invalid={invalid}
              message={invalid ? 'Indique un montant entre 0 et 1000 €, par exemple 5 ou 7,50.' : undefined}
              hint={`Actuellement : ${formatEuros(saved)}`}
            />
            <div className="form__actions">
              <Button type="submit" enabled={amount !== undefined} busy={saving} busyLabel="Enregistrement…">
                Enregistrer
              </Button>
            </div>
          </form>
        )}
        {saveError && <ErrorBox message={saveError} />}
        <div role="status" className="admin__status">
          {done && <p className="notice notice--success">{done}</p>}
        </div>
      </section>
      {/* Once the bonus's form is drawn above it: drawn meanwhile, it was pushed down by that form. */}
      {(saved !== undefined || loadError) && <LegalNoticeSettings />}
    </AdminPage>
  );
}
