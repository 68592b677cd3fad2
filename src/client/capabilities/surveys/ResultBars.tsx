import type { CountedResults } from '../../../shared/surveys';

const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 0 });

/**
 * A question's distribution as a list of bars. Each line says its label, count and share in
 * text; the bar, its share, is decoration for the eye. Shares are of the people who answered
 * the question, so multiple choices may add up to more than 100 %.
 */
export function ResultBars({ counts, answered }: Pick<CountedResults, 'counts' | 'answered'>) {
  return (
    <ul className="result-bars" role="list">
      {counts.map(({ label, count }) => {
        const share = answered > 0 ? count / answered : 0;
        return (
          <li key={label} className="result-bars__item">
            <span className="result-bars__label">{label}</span>
            <span className="result-bars__figures">
              {count} <span className="muted">({percent.format(share)})</span>
            </span>
            <span className="result-bars__track" aria-hidden="true">
              <span className="result-bars__bar" style={{ width: `${share * 100}%` }} />
            </span>
          </li>
        );
      })}
    </ul>
  );
}
