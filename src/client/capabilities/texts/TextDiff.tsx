import { diffWordsWithSpace } from 'diff';
import { useMemo } from 'react';

/**
 * What changed from one text to another, word by word: added words underlined on green,
 * removed ones struck through on red, each also named for a screen reader (colour is never
 * the only sign).
 */
export function TextDiff({ before, after, label }: { before: string; after: string; label: string }) {
  const parts = useMemo(() => diffWordsWithSpace(before, after), [before, after]);
  const changed = parts.some((part) => part.added || part.removed);
  return (
    <div className="text-diff" role="region" aria-label={label} tabIndex={0}>
      {!changed ? (
        <p className="text-diff__same">Aucune différence.</p>
      ) : (
        <pre className="text-diff__body">
          {parts.map((part, index) =>
            part.added ? (
              <ins key={index}>
                <span className="visually-hidden">[ajouté : </span>
                {part.value}
                <span className="visually-hidden">]</span>
              </ins>
            ) : part.removed ? (
              <del key={index}>
                <span className="visually-hidden">[retiré : </span>
                {part.value}
                <span className="visually-hidden">]</span>
              </del>
            ) : (
              <span key={index}>{part.value}</span>
            ),
          )}
        </pre>
      )}
    </div>
  );
}
