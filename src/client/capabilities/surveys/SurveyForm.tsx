import { useState, type FormEvent, type MouseEvent } from 'react';
import { fieldMessages } from '../../../shared/messages';
import { checkSurveyResponses, type Survey, type SurveyAnswer } from '../../../shared/surveys';
import { Button } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { submitErrorMessage, submitSurvey } from './api';
import { QuestionField, questionTargetId } from './QuestionField';
import { frenchSpacing } from './typography';

interface SurveyFormProps {
  survey: Survey;
  userId: string;
  onSubmitted(): void;
}

/**
 * The questions, checked with the server's own rule before sending (spec §5: missing answers
 * give 'Des réponses sont manquantes !' and nothing is sent). Once a send was tried, each
 * question shows its problem and clears it as soon as it is answered.
 */
export function SurveyForm({ survey, userId, onSubmitted }: SurveyFormProps) {
  const [answers, setAnswers] = useState<Record<string, SurveyAnswer | undefined>>({});
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const [serverError, setServerError] = useState<string>();

  const check = checkSurveyResponses(survey, answers);
  const problems = tried ? check.problems : {};
  const unanswered = survey.questions.filter((question) => problems[question.id]);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setTried(true);
    setServerError(undefined);
    if (Object.keys(check.problems).length > 0) return;
    setSending(true);
    try {
      await submitSurvey({ surveyId: survey.id, userId, responses: check.responses });
      onSubmitted();
    } catch (error) {
      setServerError(submitErrorMessage(error));
      setSending(false);
    }
  }

  function goTo(event: MouseEvent<HTMLAnchorElement>, targetId: string) {
    event.preventDefault();
    const target = document.getElementById(targetId);
    target?.scrollIntoView({ block: 'center' });
    target?.focus({ preventScroll: true });
  }

  return (
    <form className="survey-form" noValidate onSubmit={send} aria-label={survey.title}>
      <ol className="survey-form__questions" role="list">
        {survey.questions.map((question, index) => (
          <QuestionField
            key={question.id}
            question={question}
            number={index + 1}
            answer={answers[question.id]}
            onChange={(answer) => setAnswers((current) => ({ ...current, [question.id]: answer }))}
            problem={problems[question.id]}
            disabled={sending}
          />
        ))}
      </ol>
      {unanswered.length > 0 && (
        <ErrorBox
          message={
            <>
              <p>{fieldMessages.surveyMissingAnswers}</p>
              <ul className="survey-form__missing">
                {unanswered.map((question) => {
                  const targetId = questionTargetId(question.id, problems[question.id]);
                  return (
                    <li key={question.id}>
                      <a href={`#${targetId}`} onClick={(event) => goTo(event, targetId)}>
                        Question {survey.questions.indexOf(question) + 1}&nbsp;: {frenchSpacing(question.description)}
                      </a>
                    </li>
                  );
                })}
              </ul>
            </>
          }
        />
      )}
      {serverError && <ErrorBox message={serverError} />}
      <div className="form__actions">
        <Button type="submit" size="large" busy={sending} busyLabel="Envoi de tes réponses…">
          Envoyer
        </Button>
      </div>
    </form>
  );
}
