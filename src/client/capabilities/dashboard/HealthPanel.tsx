import { alertTitles, jobLabels, type AdminHealth } from '../../../shared/dashboard';
import { useLoad } from '../../platform/data/useLoad';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Spinner } from '../../platform/ui/Spinner';
import { getAdminHealth } from './api';

const dateTime = (iso: string) => new Date(iso).toLocaleString('fr-FR', { dateStyle: 'long', timeStyle: 'short' });

function size(bytes: number): string {
  const [unit, value] = bytes >= 1e9 ? ['Go', bytes / 1e9] : bytes >= 1e6 ? ['Mo', bytes / 1e6] : ['ko', bytes / 1e3];
  return `${value.toLocaleString('fr-FR', { maximumFractionDigits: 1 })} ${unit}`;
}

const count = (value: number) => value.toLocaleString('fr-FR');

function Backups({ backups, mode }: { backups: AdminHealth['backups']; mode: AdminHealth['database']['mode'] }) {
  if (mode === 'postgres') return <>Sur PostgreSQL, les sauvegardes sont celles de l'hébergeur de la base (voir le guide de déploiement).</>;
  const { last, everyMs, next } = backups;
  return (
    <>
      {last ? `La dernière le ${dateTime(last.at)} (${size(last.bytes)}), relue en entier après son écriture.` : 'Aucune sauvegarde pour le moment.'}{' '}
      {everyMs === null ? 'Les sauvegardes automatiques sont désactivées (BACKUP_EVERY=off).' : next && `Prochaine : ${dateTime(next)}.`}
    </>
  );
}

function Mail({ mail }: { mail: AdminHealth['mail'] }) {
  const path = mail.path === 'smtp' ? 'Serveur SMTP' : "Aucun serveur SMTP : les mails sont écrits dans DATA_DIR/outbox, personne ne les reçoit";
  return (
    <>
      {path}.{' '}
      {mail.failingSince ? (
        <strong className="health__bad">
          En échec depuis le {dateTime(mail.failingSince)}
          {mail.lastError && ` : ${mail.lastError}`}
        </strong>
      ) : mail.lastSuccessAt ? (
        `Dernier envoi réussi le ${dateTime(mail.lastSuccessAt)}.`
      ) : (
        'Aucun envoi depuis la mise en route de ce suivi.'
      )}
    </>
  );
}

/** The site's state for the admin (GET /api/admin/health): alerts first, then what runs and what fails. */
export function HealthPanel() {
  const { data: health, error } = useLoad('admin-health', getAdminHealth);

  return (
    <section className="stack health" aria-labelledby="health-title">
      <h2 id="health-title">État du site</h2>
      {error && <ErrorBox message={error} />}
      {!health && !error && <Spinner label="Chargement de l'état du site…" />}
      {health && (
        <>
          {health.alerts.length === 0 ? (
            <p className="health__ok">Aucune alerte : sauvegardes, disque, mails, newsletter et tâches vont bien.</p>
          ) : (
            <ul className="health__alerts stack" aria-label="Alertes">
              {health.alerts.map((alert) => (
                <li key={alert.condition} className="health__alert">
                  <strong>{alertTitles[alert.condition]}</strong>
                  <span>{alert.detail}</span>
                  <span className="health__note">
                    Depuis le {dateTime(alert.raisedAt)}
                    {alert.mailedAt ? ` · mail aux admins le ${dateTime(alert.mailedAt)}` : ' · mail aux admins en attente'}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <dl className="health__facts">
            <div>
              <dt>Version</dt>
              <dd>
                {health.version || 'inconnue'} · démarré le {dateTime(health.startedAt)}
              </dd>
            </div>
            <div>
              <dt>Base de données</dt>
              <dd>
                {health.database.mode === 'postgres' ? 'PostgreSQL' : 'Intégrée (PGlite)'}, {size(health.database.sizeBytes)}
              </dd>
            </div>
            <div>
              <dt>Espace disque</dt>
              <dd>
                <ul className="health__list">
                  {health.disks.map((disk) => {
                    const share = disk.totalBytes > 0 ? Math.round((100 * disk.freeBytes) / disk.totalBytes) : 0;
                    return (
                      <li key={disk.setting} className={share < 10 ? 'health__bad' : undefined}>
                        {disk.setting} ({disk.path}) : {size(disk.freeBytes)} libres sur {size(disk.totalBytes)} ({share} %)
                      </li>
                    );
                  })}
                </ul>
              </dd>
            </div>
            <div>
              <dt>Sauvegardes</dt>
              <dd>
                <Backups backups={health.backups} mode={health.database.mode} />
              </dd>
            </div>
            <div>
              <dt>Mails</dt>
              <dd>
                <Mail mail={health.mail} />
              </dd>
            </div>
            <div>
              <dt>Newsletter</dt>
              <dd>
                {count(health.deliveries.pending)} envoi(s) en attente, {count(health.deliveries.sending)} en cours, {count(health.deliveries.failedLast30Days)} échec(s) sur 30 jours
              </dd>
            </div>
            <div>
              <dt>Adresses non distribuables</dt>
              <dd>{count(health.undeliverableAddresses)} compte(s) dont un serveur de mail refuse l'adresse</dd>
            </div>
            <div>
              <dt>Erreurs dans le journal</dt>
              <dd>
                {count(health.errorsLastDay)} sur les dernières 24 heures (sur ce serveur)
              </dd>
            </div>
          </dl>
          <div className="table-scroll prose" tabIndex={0} role="region" aria-label="Tâches de fond">
            <table>
              <caption>Tâches de fond</caption>
              <thead>
                <tr>
                  <th scope="col">Tâche</th>
                  <th scope="col">Dernière exécution</th>
                  <th scope="col">Résultat</th>
                </tr>
              </thead>
              <tbody>
                {health.jobs.map((job) => (
                  <tr key={job.name}>
                    <th scope="row">{jobLabels[job.name] ?? job.name}</th>
                    <td>{job.lastStartedAt ? dateTime(job.lastStartedAt) : '—'}</td>
                    <td className={job.consecutiveFailures > 0 ? 'health__bad' : undefined}>
                      {job.consecutiveFailures > 0
                        ? `Échec${job.consecutiveFailures > 1 ? ` (${job.consecutiveFailures} de suite)` : ''} : ${job.lastError ?? ''}`
                        : job.lastSucceededAt
                          ? 'Réussie'
                          : 'En cours'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
