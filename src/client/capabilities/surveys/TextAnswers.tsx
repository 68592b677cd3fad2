import { useEffect, useId, useRef, useState } from 'react';
import type { SurveyId, TextAnswersList, TextList } from '../../../shared/surveys';
import { errorMessage } from '../../platform/http/http';
import { Button } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { getMoreTexts } from './api';

interface TextAnswersProps {
  title: string;
  /** Said after 'Voir plus' to screen readers, which list it extends (several are on the page). */
  context: string;
  surveyId: SurveyId;
  questionId: string;
  list: TextList;
  first: TextAnswersList;
}

/**
 * Free-text answers, newest first: the first page comes with the results, 'Voir plus' asks
 * for the next one and adds it below. Focus then goes to the first text added, so keyboard
 * and screen-reader users read on from there (the button may be gone after the last page).
 */
export function TextAnswers({ title, context, surveyId, questionId, list, first }: TextAnswersProps) {
  const [texts, setTexts] = useState(first.texts);
  const [next, setNext] = useState(first.next);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [focusIndex, setFocusIndex] = useState<number>();
  const listId = useId();
  const items = useRef<(HTMLLIElement | null)[]>([]);

  useEffect(() => {
    if (focusIndex !== undefined) items.current[focusIndex]?.focus();
  }, [focusIndex]);

  if (first.total === 0) return null;

  async function showMore() {
    if (!next) return;
    setBusy(true);
    setError(undefined);
    try {
      const page = await getMoreTexts(surveyId, questionId, list, next);
      setFocusIndex(page.texts.length > 0 ? texts.length : undefined);
      setTexts([...texts, ...page.texts]);
      setNext(page.next);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="text-answers">
      <h4 className="text-answers__title">
        {title} ({first.total})
      </h4>
      <ul className="text-answers__list" id={listId}>
        {texts.map((text, index) => (
          <li
            key={index}
            ref={(element) => {
              items.current[index] = element;
            }}
            tabIndex={index === focusIndex ? -1 : undefined}
          >
            {text}
          </li>
        ))}
      </ul>
      {next && (
        <div className="text-answers__more">
          <p className="muted">
            {texts.length} affichées sur {first.total}
          </p>
          <Button size="small" variant="secondary" busy={busy} aria-controls={listId} onClick={() => void showMore()}>
            Voir plus<span className="visually-hidden"> : {context}</span>
          </Button>
        </div>
      )}
      {error && <ErrorBox message={error} />}
    </div>
  );
}
