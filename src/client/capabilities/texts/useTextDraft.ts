import { useEffect, useRef, useState } from 'react';
import { textProblem, type TextContent, type TextDetail, type TextEdit } from '../../../shared/texts';
import { errorMessage } from '../../platform/http/http';
import { saveTextDraft } from './api';

/** The pause in typing after which the draft is saved. */
const DRAFT_SAVE_DELAY_MS = 800;

// A request sent as the tab closes may carry 64 kB at most (the fetch standard's keepalive quota).
const KEEPALIVE_MAX_CHARS = 60_000;

export type DraftStatus = { state: 'idle' } | { state: 'saving' } | { state: 'saved'; at: string } | { state: 'error'; message: string };

const contentOf = ({ title, description, applicable, body }: TextContent): TextContent => ({ title, description, applicable, body });

/**
 * The text being written, saved on the server as the editor's draft a moment after each pause
 * in typing (and once more as the tab closes), so that nothing typed is lost: opening the text
 * again brings the draft back with the version it started from. One save at a time, the
 * latest text always last.
 */
export function useTextDraft(detail: TextDetail) {
  const { id } = detail;
  const [content, setContent] = useState<TextContent>(() => contentOf(detail.draft ?? detail.published));
  const [baseVersion, setBaseVersion] = useState(detail.draft?.baseVersion ?? detail.published.version);
  const [status, setStatus] = useState<DraftStatus>(detail.draft ? { state: 'saved', at: detail.draft.savedAt } : { state: 'idle' });
  // What waits to be saved (null: nothing), and whether a save is on its way.
  const pending = useRef<TextEdit | null>(null);
  const inFlight = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  function flush() {
    clearTimeout(timer.current);
    if (inFlight.current !== null || pending.current === null) return;
    const edit = pending.current;
    pending.current = null;
    setStatus({ state: 'saving' });
    let failed = false;
    inFlight.current = saveTextDraft(id, edit).then(
      (saved) => {
        if (pending.current === null) setStatus({ state: 'saved', at: saved.savedAt });
      },
      (caught: unknown) => {
        // Kept to be tried again with the next key, or on leaving; not in a loop.
        failed = true;
        pending.current ??= edit;
        setStatus({ state: 'error', message: errorMessage(caught) });
      },
    );
    void inFlight.current.finally(() => {
      inFlight.current = null;
      // Typed while this save travelled, and its pause already over: that text goes now.
      if (!failed && pending.current !== null && timer.current === undefined) flush();
    });
  }

  function schedule(edit: TextEdit) {
    // What the server would refuse is not sent: the problem is shown under the fields instead.
    if (textProblem(edit)) {
      pending.current = null;
      clearTimeout(timer.current);
      return;
    }
    pending.current = edit;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      flush();
    }, DRAFT_SAVE_DELAY_MS);
  }

  // A closed tab or a link followed before the pause ends: the last keys still go.
  useEffect(() => {
    const sendNow = () => {
      const edit = pending.current;
      if (edit === null) return;
      clearTimeout(timer.current);
      timer.current = undefined;
      pending.current = null;
      if (edit.body.length <= KEEPALIVE_MAX_CHARS) void saveTextDraft(id, edit, { keepalive: true }).catch(() => undefined);
    };
    window.addEventListener('pagehide', sendNow);
    return () => {
      window.removeEventListener('pagehide', sendNow);
      sendNow();
    };
  }, [id]);

  return {
    content,
    baseVersion,
    status,
    /** Something typed is not on the server yet. */
    unsaved: () => pending.current !== null || inFlight.current !== null,
    /** Before publishing: no save waits, none is on its way (a late one would bring the draft back). */
    async settle() {
      clearTimeout(timer.current);
      timer.current = undefined;
      pending.current = null;
      await inFlight.current;
    },
    update(change: Partial<TextContent>) {
      const next = { ...content, ...change };
      setContent(next);
      schedule({ ...next, baseVersion });
    },
    /** Starts again from `from` (a published version, or theirs after a conflict), keeping or not what is typed. */
    rebase(version: number, from?: TextContent) {
      const next = from ? contentOf(from) : content;
      setBaseVersion(version);
      setContent(next);
      schedule({ ...next, baseVersion: version });
    },
    /** Published: the editor now starts from the new version, with no draft left. */
    reset(published: TextContent & { version: number }) {
      clearTimeout(timer.current);
      timer.current = undefined;
      pending.current = null;
      setBaseVersion(published.version);
      setContent(contentOf(published));
      setStatus({ state: 'idle' });
    },
  };
}
