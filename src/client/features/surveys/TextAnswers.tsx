import { useId, useState } from 'react';

const FIRST_SHOWN = 8;

/** Free-text answers, newest first; long lists open on demand so the page stays readable. */
export function TextAnswers({ title, texts }: { title: string; texts: readonly string[] }) {
  const [all, setAll] = useState(false);
  const listId = useId();
  if (texts.length === 0) return null;
  const shown = all ? texts : texts.slice(0, FIRST_SHOWN);
  return (
    <div className="text-answers">
      <h4 className="text-answers__title">
        {title} ({texts.length})
      </h4>
      <ul className="text-answers__list" id={listId}>
        {shown.map((text, index) => (
          <li key={index}>{text}</li>
        ))}
      </ul>
      {texts.length > FIRST_SHOWN && (
        <button
          type="button"
          className="btn btn--ghost btn--small"
          aria-expanded={all}
          aria-controls={listId}
          onClick={() => setAll(!all)}
        >
          {all ? 'Afficher moins' : `Afficher les ${texts.length - FIRST_SHOWN} autres`}
        </button>
      )}
    </div>
  );
}
