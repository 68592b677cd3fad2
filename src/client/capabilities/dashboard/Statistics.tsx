import type { ReactNode } from 'react';
import { STATISTICS_REACTION_DAYS, STATISTICS_WEEKS, type AdminStatistics } from '../../../shared/dashboard';
import { useLoad } from '../../platform/data/useLoad';
import { Chart } from '../../platform/ui/chart/Chart';
import type { ChartProps } from '../../platform/ui/chart/chart-props';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Spinner } from '../../platform/ui/Spinner';
import { getAdminStatistics } from './api';

const count = (value: number) => value.toLocaleString('fr-FR');
const share = (part: number, whole: number) =>
  whole === 0 ? '0 %' : `${Math.round((100 * part) / whole).toLocaleString('fr-FR')} %`;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
/** A week by its Monday, a day by its date: '3 mars'. */
const date = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('fr-FR', { day: 'numeric', month: 'short', timeZone: 'UTC' });
/** A week's row in the tables, by its Monday: '1 déc. 2025'. */
const weekOf = (monday: string) =>
  new Date(`${monday}T12:00:00Z`).toLocaleDateString('fr-FR', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
// The vote page's names of the reactions (shared/sports.ts), written again here: importing them
// would take that module out of the vote page's own file into one more file its visitors load.
const REACTION_COLUMNS = [
  ['love', "😍 J'adore"],
  ['wow', '🤩 Waouh'],
  ['no', '🙄 Bof'],
] as const;
const time = (iso: string) => new Date(iso).toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit' });

/**
 * One chart with its numbers: a sentence that says what it shows, then, for whoever wants
 * every figure (and for screen readers, which skip the drawing), the table it is drawn from.
 */
function Figure({
  id,
  title,
  summary,
  chart,
  rowHeader,
  rows,
}: {
  id: string;
  title: string;
  summary: ReactNode;
  chart: ChartProps;
  /** The rows' column: 'Semaine du', 'Jour', 'Sport'. */
  rowHeader: string;
  rows: string[];
}) {
  return (
    <section className="figure card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{title}</h3>
      <p className="figure__summary">{summary}</p>
      {rows.length > 0 && <Chart {...chart} />}
      {rows.length > 0 && (
        <details className="figure__numbers">
          <summary>Les chiffres</summary>
          <div className="table-scroll prose" tabIndex={0} role="region" aria-label={`${title} : les chiffres`}>
            <table>
              <caption>{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{rowHeader}</th>
                  {chart.series.map((series) => (
                    <th key={series.name} scope="col">
                      {series.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row, i) => (
                  <tr key={row}>
                    <th scope="row">{row}</th>
                    {chart.series.map((series) => (
                      <td key={series.name}>{count(series.values[i])}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </section>
  );
}

function Figures({ statistics: { weeks, reactions, ranking } }: { statistics: AdminStatistics }) {
  const mondays = weeks.map((week) => week.week);
  const weekLabels = mondays.map(date);
  const weekRows = mondays.map(weekOf);
  const series = (name: string, figure: keyof Omit<AdminStatistics['weeks'][number], 'week'>) => ({
    name,
    values: weeks.map((week) => week[figure]),
  });
  /** A weekly figure's chart and table rows. */
  const weekly = (chart: Omit<ChartProps, 'labels'>) => ({
    chart: { labels: weekLabels, shownLabels: 5, ...chart },
    rowHeader: 'Semaine du',
    rows: weekRows,
  });

  const persons = series('Personnes', 'persons');
  const organisations = series('Organisations', 'organisations');
  const last = weeks[weeks.length - 1];
  const words = series('Mots de soutien', 'words');
  const sports = series('Sports suggérés', 'sports');
  const preUse = series('Avant utilisation', 'preUseAnswers');
  const postUse = series('Après utilisation', 'postUseAnswers');
  const reactionCounts = reactions.map((day) => day.reactions);
  const busiest = reactions.reduce((best, day) => (day.reactions > best.reactions ? day : best), reactions[0]);
  const leader = ranking[0];
  const sportNames = ranking.map((sport) => `${sport.emoji} ${sport.name}`.trim());

  return (
    <div className="figures">
      <Figure
        id="figure-joined"
        title="Inscriptions par semaine"
        summary={`${count(sum(persons.values))} personnes et ${count(sum(organisations.values))} organisations inscrites en ${STATISTICS_WEEKS} semaines, dont ${count(last.persons + last.organisations)} cette semaine.`}
        {...weekly({ kind: 'bar', stacked: true, series: [persons, organisations] })}
      />
      <Figure
        id="figure-members"
        title="Membres, adresses vérifiées et newsletter"
        summary={`${count(last.members)} membres aujourd'hui : ${count(last.verified)} (${share(last.verified, last.members)}) ont vérifié leur adresse, ${count(last.newsletter)} (${share(last.newsletter, last.members)}) reçoivent la newsletter. Chaque semaine, les courbes comptent les membres inscrits jusque-là et, parmi eux, ceux dont l'adresse est vérifiée et qui reçoivent la newsletter aujourd'hui.`}
        {...weekly({
          kind: 'line',
          series: [
            series('Membres', 'members'),
            series('Adresse vérifiée', 'verified'),
            series('Abonnés à la newsletter', 'newsletter'),
          ],
        })}
      />
      <Figure
        id="figure-contributions"
        title="Mots de soutien et sports suggérés par semaine"
        summary={`${count(sum(words.values))} mots de soutien laissés et ${count(sum(sports.values))} sports suggérés en ${STATISTICS_WEEKS} semaines.`}
        {...weekly({ kind: 'line', series: [words, sports] })}
      />
      <Figure
        id="figure-reactions"
        title="Réactions aux sports par jour"
        summary={
          sum(reactionCounts) === 0
            ? `Aucune réaction ces ${STATISTICS_REACTION_DAYS} derniers jours.`
            : `${count(sum(reactionCounts))} réactions ces ${STATISTICS_REACTION_DAYS} derniers jours, le plus le ${date(busiest.day)} (${count(busiest.reactions)}).`
        }
        chart={{
          kind: 'bar',
          labels: reactions.map((day) => date(day.day)),
          shownLabels: 4,
          series: [{ name: 'Réactions', values: reactionCounts }],
        }}
        rowHeader="Jour"
        rows={reactions.map((day) => date(day.day))}
      />
      <Figure
        id="figure-surveys"
        title="Réponses aux questionnaires par semaine"
        summary={`${count(sum(preUse.values))} réponses au questionnaire avant utilisation et ${count(sum(postUse.values))} après utilisation en ${STATISTICS_WEEKS} semaines.`}
        {...weekly({ kind: 'bar', stacked: true, series: [preUse, postUse] })}
      />
      <Figure
        id="figure-ranking"
        title="Classement des sports"
        summary={
          leader
            ? `En tête : ${leader.emoji} ${leader.name}, avec ${count(leader.love + leader.wow + leader.no)} réactions.`
            : "Aucun sport n'est encore publié."
        }
        chart={{
          kind: 'bar',
          horizontal: true,
          stacked: true,
          labels: sportNames,
          series: REACTION_COLUMNS.map(([reaction, name]) => ({ name, values: ranking.map((sport) => sport[reaction]) })),
        }}
        rowHeader="Sport"
        rows={sportNames}
      />
    </div>
  );
}

/** The dashboard's charts (GET /api/admin/statistics): how the community grows and takes part. */
export function Statistics() {
  const { data: statistics, error } = useLoad('admin-statistics', getAdminStatistics);
  return (
    <section className="stack" aria-labelledby="statistics-title">
      <h2 id="statistics-title">La communauté</h2>
      {statistics && (
        <p className="figure__note">
          Chiffres de {time(statistics.countedAt)}, recomptés toutes les cinq minutes ; semaines du lundi au dimanche.
        </p>
      )}
      {error && <ErrorBox message={error} />}
      {!statistics && !error && <Spinner label="Chargement des chiffres…" />}
      {statistics && <Figures statistics={statistics} />}
    </section>
  );
}
