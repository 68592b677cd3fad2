import { useState, type FormEvent } from 'react';
import {
  LEGAL_NOTICE_RULES,
  legalNoticeErrors,
  normalizeLegalNotice,
  type LegalNotice,
  type LegalNoticeField,
} from '../../../shared/legal-notice';
import { Button } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Field, type FieldType } from '../../platform/ui/Field';
import { Spinner } from '../../platform/ui/Spinner';
import { useAction } from '../../platform/data/useAction';
import { useLoad } from '../../platform/data/useLoad';
import { getAdminLegalNotice, saveAdminLegalNotice } from './api';
import './legal-notice.css';

interface FieldView {
  field: LegalNoticeField;
  type?: FieldType;
  autoComplete?: string;
  hint?: string;
  rows?: number;
}

/** The form's groups, in the page's order. */
const GROUPS: { legend: string; fields: FieldView[] }[] = [
  {
    legend: "L'association",
    fields: [
      { field: 'associationName', autoComplete: 'organization' },
      { field: 'address', type: 'textarea', rows: 2, autoComplete: 'street-address', hint: 'Rue, code postal et ville, sur une ligne.' },
      { field: 'phone', type: 'tel', autoComplete: 'tel', hint: 'Par exemple 01 23 45 67 89 ou +33 1 23 45 67 89.' },
      { field: 'email', type: 'email', autoComplete: 'email' },
      { field: 'director', autoComplete: 'name', hint: 'Son représentant légal : le ou la présidente, le plus souvent.' },
    ],
  },
  {
    legend: "L'hébergeur",
    fields: [
      { field: 'hostName', autoComplete: 'off' },
      { field: 'hostAddress', type: 'textarea', rows: 2, autoComplete: 'off' },
      { field: 'hostPhone', type: 'tel', autoComplete: 'off' },
    ],
  },
  {
    legend: 'Facultatif',
    fields: [
      { field: 'rna', autoComplete: 'off', hint: 'La lettre W suivie de 9 chiffres, sur le récépissé de la préfecture.' },
      { field: 'siret', autoComplete: 'off', hint: '14 chiffres, si l’association en a un.' },
      { field: 'federation', autoComplete: 'off', hint: 'Pour une association sportive affiliée.' },
    ],
  },
];

/**
 * The legal notice's facts on /admin/settings: what /mentions-legales and the privacy policy's
 * contact show, checked as the server checks them (shared/legal-notice.ts).
 */
export function LegalNoticeSettings() {
  const { data: saved, error: loadError, setData } = useLoad('legal-notice', getAdminLegalNotice);
  // What the admin typed; until then, the saved facts.
  const [typed, setTyped] = useState<LegalNotice>();
  const notice = typed ?? saved;
  const { busy: saving, error: saveError, run } = useAction();
  const [done, setDone] = useState<string>();
  const [tried, setTried] = useState(false);

  const errors = notice ? legalNoticeErrors(normalizeLegalNotice(notice)) : {};
  const valid = Object.keys(errors).length === 0;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTried(true);
    if (!notice || !valid) return;
    setDone(undefined);
    await run(async () => {
      const stored = await saveAdminLegalNotice(normalizeLegalNotice(notice));
      setData(stored);
      setTyped(undefined);
      setTried(false);
      setDone('Les mentions légales sont enregistrées : la page publique les montre déjà.');
    });
  }

  return (
    <section className="card admin-block" aria-labelledby="legal-notice-title">
      <h2 id="legal-notice-title">Mentions légales</h2>
      <p className="muted">
        La loi demande à tout site de dire qui l'édite et qui l'héberge. Ces informations s'affichent sur la page{' '}
        <a href="/mentions-legales">Mentions légales</a> et dans le contact de la politique de confidentialité. Une information laissée vide y
        est signalée comme non renseignée.
      </p>
      {loadError && <ErrorBox message={loadError} />}
      {!notice && !loadError && <Spinner label="Chargement des mentions légales…" />}
      {notice && (
        <form className="form" noValidate onSubmit={save} aria-labelledby="legal-notice-title">
          {GROUPS.map((group) => (
            <fieldset key={group.legend} className="legal-notice-form__group">
              <legend>{group.legend}</legend>
              {group.fields.map(({ field, type, autoComplete, hint, rows }) => (
                <Field
                  key={field}
                  label={LEGAL_NOTICE_RULES[field].label}
                  type={type}
                  rows={rows}
                  autoComplete={autoComplete}
                  value={notice[field]}
                  onChange={(value) => setTyped({ ...notice, [field]: value })}
                  maxLength={LEGAL_NOTICE_RULES[field].maxLength}
                  problem={errors[field]}
                  invalid={tried && errors[field] !== undefined}
                  hint={hint}
                />
              ))}
            </fieldset>
          ))}
          <div className="form__actions">
            <Button
              type="submit"
              enabled={valid}
              busy={saving}
              busyLabel="Enregistrement…"
              heldBackBy={(Object.keys(errors) as LegalNoticeField[]).map((field) => LEGAL_NOTICE_RULES[field].label)}
              onBlockedPress={() => setTried(true)}
            >
              Mettre à jour les mentions légales
            </Button>
          </div>
        </form>
      )}
      {saveError && <ErrorBox message={saveError} />}
      <div role="status" className="admin__status">
        {done && <p className="notice notice--success">{done}</p>}
      </div>
    </section>
  );
}
