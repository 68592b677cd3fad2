import { useId, useState, useSyncExternalStore } from 'react';
import type { WikiArticleId } from '../../../shared/wiki';
import { errorMessage } from '../../platform/http/http';
import { Button } from '../../platform/ui/Button';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { sendWikiFeedback } from './api';
import { rememberAnswer, rememberedAnswer, visitorId, type WikiAnswer } from './feedback-memory';

type State = { status: 'asking' } | { status: 'sending'; answer: WikiAnswer } | { status: 'answered' } | { status: 'failed'; message: string };

// The stored answers change only through this component, which keeps its own state too.
const noSubscription = () => () => {};

/** 'Cet article t'a-t-il aidé ?' Oui / Non, once per visitor and article. */
export function WikiFeedback({ articleId }: { articleId: WikiArticleId }) {
  const titleId = useId();
  const [state, setState] = useState<State>({ status: 'asking' });

  // Read after hydration only: the prerendered page cannot know what this browser answered.
  const answeredBefore = useSyncExternalStore(
    noSubscription,
    () => rememberedAnswer(articleId) !== undefined,
    () => false,
  );

  async function answer(value: WikiAnswer) {
    // One answer counts: a second click while the first is on its way changes nothing.
    if (state.status === 'sending') return;
    setState({ status: 'sending', answer: value });
    try {
      await sendWikiFeedback(articleId, { visitorId: visitorId(), helpful: value === 'yes' });
      rememberAnswer(articleId, value);
      setState({ status: 'answered' });
    } catch (error) {
      setState({ status: 'failed', message: errorMessage(error) });
    }
  }

  return (
    <section className="wiki-feedback" aria-labelledby={titleId}>
      <h2 id={titleId} className="wiki-feedback__title">
        Cet article t'a-t-il aidé ?
      </h2>
      {answeredBefore || state.status === 'answered' ? (
        <p className="wiki-feedback__thanks" role="status">
          Merci pour ton retour ! Il nous aide à améliorer l'aide.
        </p>
      ) : (
        <>
          <div className="cluster">
            {(['yes', 'no'] as const).map((value) => (
              <Button
                key={value}
                variant="secondary"
                size="small"
                busy={state.status === 'sending' && state.answer === value}
                busyLabel="Envoi de ta réponse…"
                onClick={() => void answer(value)}
              >
                {value === 'yes' ? 'Oui' : 'Non'}
              </Button>
            ))}
          </div>
          {state.status === 'failed' && <ErrorBox message={state.message} />}
        </>
      )}
    </section>
  );
}
