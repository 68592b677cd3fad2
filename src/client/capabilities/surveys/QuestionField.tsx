import { useId, type ReactNode } from 'react';
import {
  followUpApplies,
  splitAnswer,
  SURVEY_TEXT_MAX_LENGTH,
  type BaseAnswer,
  type QuestionProblem,
  type SurveyAnswer,
  type SurveyQuestion,
} from '../../../shared/surveys';
import { Field } from '../../platform/ui/Field';
import { MultipleChoiceList, RadioList } from './ChoiceList';
import { RequiredMark } from './RequiredMark';
import { StarRating } from './StarRating';
import { frenchSpacing } from './typography';

interface QuestionFieldProps {
  question: SurveyQuestion;
  number: number;
  answer: SurveyAnswer | undefined;
  onChange(answer: SurveyAnswer | undefined): void;
  problem: QuestionProblem | undefined;
  disabled: boolean;
}

/** Where the missing-answers summary sends focus: the question, or its follow-up field. */
export function questionTargetId(questionId: string, problem?: QuestionProblem): string {
  return problem === 'missing-follow-up' ? `question-${questionId}-follow-up` : `question-${questionId}`;
}

const YES_NO = [
  { value: true, label: 'Oui' },
  { value: false, label: 'Non' },
] as const;

const PROBLEM_TEXT: Record<QuestionProblem, string> = {
  missing: 'Cette question attend ta réponse.',
  'missing-follow-up': 'Précise ta réponse juste en dessous.',
  invalid: "Cette réponse n'est pas valide.",
};

/**
 * One question of spec §3, of any type, with its follow-up under it when the answer asks
 * for it. A question with a follow-up is answered as `{ value, subValue }`.
 */
export function QuestionField({ question, number, answer, onChange, problem, disabled }: QuestionFieldProps) {
  const messageId = useId();
  const { value, subValue } = splitAnswer(answer);
  const invalid = problem === 'missing' || problem === 'invalid';

  function changeValue(next: BaseAnswer) {
    onChange(question.followUp ? { value: next, subValue } : next);
  }

  let control: ReactNode;
  switch (question.type) {
    case 'text':
      // A text question is one field: its label is the question.
      return (
        <li className="survey-question">
          <Field
            id={questionTargetId(question.id)}
            label={
              <>
                <span className="survey-question__number">{number}. </span>
                {frenchSpacing(question.description)}
                {question.mandatory && <RequiredMark spoken={false} />}
              </>
            }
            type="textarea"
            rows={4}
            value={typeof value === 'string' ? value : ''}
            onChange={(text) => changeValue(text)}
            maxLength={SURVEY_TEXT_MAX_LENGTH}
            showCount
            required={question.mandatory}
            invalid={invalid}
            message={problem && PROBLEM_TEXT[problem]}
            disabled={disabled}
          />
        </li>
      );
    case 'yes-no':
      control = (
        <RadioList
          options={YES_NO}
          value={typeof value === 'boolean' ? value : undefined}
          onChange={changeValue}
          invalid={invalid}
          disabled={disabled}
          pills
        />
      );
      break;
    case 'rating':
      control = (
        <StarRating
          value={typeof value === 'number' ? value : undefined}
          onChange={changeValue}
          invalid={invalid}
          disabled={disabled}
        />
      );
      break;
    case 'single-choice':
      control = (
        <RadioList
          options={question.choices.map((choice) => ({ value: choice, label: choice }))}
          value={typeof value === 'string' ? value : undefined}
          onChange={changeValue}
          invalid={invalid}
          disabled={disabled}
        />
      );
      break;
    case 'multiple-choices':
      control = (
        <MultipleChoiceList
          choices={question.choices}
          value={Array.isArray(value) ? value : undefined}
          onChange={changeValue}
          invalid={invalid}
          disabled={disabled}
        />
      );
      break;
  }

  const followUp = question.followUp && followUpApplies(question, value) ? question.followUp : undefined;
  return (
    <li className="survey-question">
      <fieldset
        id={questionTargetId(question.id)}
        className={['fieldset', 'survey-question__group', invalid && 'survey-question__group--invalid'].filter(Boolean).join(' ')}
        aria-describedby={invalid ? messageId : undefined}
        // Focusable by script only, for the missing-answers summary.
        tabIndex={-1}
      >
        <legend className="fieldset__legend">
          <span className="survey-question__number">{number}. </span>
          {frenchSpacing(question.description)}
          {question.mandatory && <RequiredMark />}
        </legend>
        {control}
        <p className="field__message survey-question__message" id={messageId} aria-live="polite">
          {invalid && problem ? PROBLEM_TEXT[problem] : null}
        </p>
      </fieldset>
      {followUp && (
        <div className="survey-question__follow-up">
          <Field
            id={questionTargetId(question.id, 'missing-follow-up')}
            label={
              <>
                {frenchSpacing(followUp.description)}
                <RequiredMark spoken={false} />
              </>
            }
            type="textarea"
            rows={2}
            value={subValue ?? ''}
            onChange={(text) => onChange({ value: value as BaseAnswer, subValue: text })}
            maxLength={SURVEY_TEXT_MAX_LENGTH}
            required
            invalid={problem === 'missing-follow-up'}
            message={problem === 'missing-follow-up' ? PROBLEM_TEXT[problem] : undefined}
            disabled={disabled}
          />
        </div>
      )}
    </li>
  );
}
