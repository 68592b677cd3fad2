import { formatDecimal, RATING_MAX, type QuestionResults, type SurveyId, type SurveyResults } from '../../../shared/surveys';
import { ResultBars } from './ResultBars';
import { surveyExportUrl } from './api';
import { TextAnswers } from './TextAnswers';
import { frenchSpacing } from './typography';

function plural(count: number, one: string, many: string) {
  return `${count} ${count > 1 ? many : one}`;
}

function QuestionResultsView({ surveyId, question, number }: { surveyId: SurveyId; question: QuestionResults; number: number }) {
  return (
    <li className="question-results">
      <h3 className="question-results__title">
        <span className="question-results__number">{number}. </span>
        {frenchSpacing(question.description)}
      </h3>
      <p className="question-results__answered muted">{plural(question.answered, 'réponse', 'réponses')}</p>
      {question.type === 'rating' && (
        <p className="question-results__mean">
          Note moyenne :{' '}
          <strong>
            {question.mean === null || question.mean === undefined
              ? '–'
              : `${formatDecimal(Math.round(question.mean * 10) / 10)} / ${RATING_MAX}`}
          </strong>
        </p>
      )}
      {question.type === 'text' ? (
        <TextAnswers
          title="Réponses"
          context={frenchSpacing(question.description)}
          surveyId={surveyId}
          questionId={question.id}
          list="answers"
          first={question.texts}
        />
      ) : (
        <ResultBars counts={question.counts} answered={question.answered} />
      )}
      {question.followUpDescription && (
        <TextAnswers
          title={`Précisions « ${frenchSpacing(question.followUpDescription)} »`}
          context={frenchSpacing(question.followUpDescription)}
          surveyId={surveyId}
          questionId={question.id}
          list="follow-ups"
          first={question.followUps}
        />
      )}
    </li>
  );
}

/** One survey's results (PRODUCT.md /admin/surveys) and its CSV export. */
export function SurveyResultsCard({ results }: { results: SurveyResults }) {
  const titleId = `results-${results.id}`;
  return (
    <section className="card survey-results" aria-labelledby={titleId}>
      <header className="survey-results__header">
        <div>
          <h2 id={titleId}>{results.title}</h2>
          <p className="survey-results__count">{plural(results.answers, 'réponse', 'réponses')}</p>
        </div>
        <a className="btn btn--secondary btn--small" href={surveyExportUrl(results.id)} download>
          Exporter en CSV<span className="visually-hidden"> : {results.title}</span>
        </a>
      </header>
      {results.answers === 0 ? (
        <p className="muted">Aucune réponse pour le moment.</p>
      ) : (
        <ol className="survey-results__questions" role="list">
          {results.questions.map((question, index) => (
            <QuestionResultsView key={question.id} surveyId={results.id} question={question} number={index + 1} />
          ))}
        </ol>
      )}
    </section>
  );
}
