import { useState, type FormEvent } from 'react';
import { isValidEmail, normalizeEmail } from '../../../shared/validation';
import { AdminPage } from '../../platform/ui/AdminPage';
import { Button } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Spinner } from '../../platform/ui/Spinner';
import { useAction } from '../../platform/data/useAction';
import { useLoad } from '../../platform/data/useLoad';
import { EmailField } from '../accounts/index';
import { allowOrganisationEmail, getAdminOrganisations, removeOrganisationEmail } from './api';
import './organisations.css';

const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium' });

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** /admin/organisations (PRODUCT.md): the e-mail allowlist and the organisations registered. */
export function AdminOrganisations() {
  const { data, error: loadError, setData } = useLoad('admin-organisations', getAdminOrganisations);
  const [email, setEmail] = useState('');
  // One change at a time: 'add', or the address being removed.
  const { running, error: actionError, run } = useAction<string>();
  const [done, setDone] = useState<string>();

  /** After a change; a failure to reload is told like the change's own errors. */
  async function reload() {
    setData(await getAdminOrganisations());
  }

  const canAdd = isValidEmail(email.trim());

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canAdd) return;
    const address = normalizeEmail(email);
    setDone(undefined);
    await run(async () => {
      await allowOrganisationEmail(address);
      setEmail('');
      setDone(`${address} peut maintenant créer un compte organisation.`);
      await reload();
    }, 'add');
  }

  async function remove(address: string) {
    setDone(undefined);
    await run(async () => {
      await removeOrganisationEmail(address);
      setDone(`${address} a été retirée de la liste.`);
      await reload();
    }, address);
  }

  return (
    <AdminPage
      title="Organisations"
      lead="Un compte organisation ne peut être créé qu'avec une adresse autorisée ici, après un échange par mail avec l'organisation."
    >
      <section className="card admin-block" aria-labelledby="allowlist-title">
        <h2 id="allowlist-title">Adresses autorisées</h2>
        <form className="form admin-allow" noValidate onSubmit={add} aria-label="Autoriser une adresse">
          <EmailField value={email} onChange={setEmail} />
          <div className="form__actions">
            <Button type="submit" enabled={canAdd} busy={running === 'add'} busyLabel="Ajout en cours…">
              Autoriser
            </Button>
          </div>
        </form>
        {actionError && <ErrorBox message={actionError} />}
        <div role="status" className="admin__status">
          {done && <p className="notice notice--success">{done}</p>}
        </div>
        {loadError && <ErrorBox message={loadError} />}
        {!data && !loadError && <Spinner label="Chargement des organisations…" />}
        {data &&
          (data.allowlist.length === 0 ? (
            <p className="muted">Aucune adresse autorisée pour le moment.</p>
          ) : (
            <ul className="allowlist" role="list" aria-label="Adresses autorisées">
              {data.allowlist.map((entry) => (
                <li key={entry.email} className="allowlist__item">
                  <div className="allowlist__text">
                    <span className="allowlist__email">{entry.email}</span>
                    <span className="allowlist__meta">
                      Autorisée le {formatDate(entry.createdAt)}
                      {entry.registered && <span className="tag">Compte créé</span>}
                      {entry.awaitingVerification && <span className="tag">Adresse pas encore confirmée</span>}
                    </span>
                  </div>
                  <Button
                    variant="secondary"
                    size="small"
                    busy={running === entry.email}
                    busyLabel="Suppression…"
                    // Names the entry for screen readers; starts with the visible word (WCAG 2.5.3).
                    aria-label={`Retirer ${entry.email}`}
                    onClick={() => void remove(entry.email)}
                  >
                    Retirer
                  </Button>
                </li>
              ))}
            </ul>
          ))}
      </section>

      {/* Once the allowlist is drawn above it: drawn meanwhile, it was pushed down by the list. */}
      {data && (
        <section className="card admin-block" aria-labelledby="registered-title">
          <h2 id="registered-title">Organisations inscrites</h2>
          {data.organisations.length === 0 ? (
            <p className="muted">Aucune organisation inscrite pour le moment.</p>
          ) : (
            // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
            <div className="table-scroll" tabIndex={0} role="region" aria-label="Tableau des organisations inscrites">
              <table className="admin-table">
                <caption className="visually-hidden">Organisations inscrites</caption>
                <thead>
                  <tr>
                    <th scope="col">Nom</th>
                    <th scope="col">Adresse mail</th>
                    <th scope="col">Inscrite le</th>
                  </tr>
                </thead>
                <tbody>
                  {data.organisations.map((organisation) => (
                    <tr key={organisation.uuid}>
                      <th scope="row">{organisation.username}</th>
                      <td>{organisation.email}</td>
                      <td>{formatDate(organisation.createdAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      )}
    </AdminPage>
  );
}
