import { useCallback, useEffect, useState } from 'react';
import type { NewsletterHistory, NewsletterSummary } from '../../../shared/newsletter/api';
import { errorMessage } from '../../platform/http/http';
import { useLive } from '../../platform/live/useLive';
import { getNewsletterHistory } from './api';

/** The past and current sendings, refetched whenever a worker announces progress. */
export function useNewsletterHistory() {
  const [newsletters, setNewsletters] = useState<NewsletterSummary[]>();
  const [error, setError] = useState<string>();

  const show = useCallback((history: NewsletterHistory) => {
    setNewsletters(history.newsletters);
    setError(undefined);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    getNewsletterHistory(controller.signal).then(show, (caught: unknown) => {
      if (!controller.signal.aborted) setError(errorMessage(caught));
    });
    return () => controller.abort();
  }, [show]);

  const reload = useCallback(async () => {
    try {
      show(await getNewsletterHistory());
    } catch (caught) {
      setError(errorMessage(caught));
    }
  }, [show]);

  useLive('newsletter', () => void reload());
  return { newsletters, error, reload };
}
