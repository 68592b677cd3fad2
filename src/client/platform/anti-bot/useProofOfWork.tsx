import type {} from 'altcha/types/react';
import type { Challenge, State, WidgetMethods } from 'altcha/types';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ANTI_BOT_CHALLENGE_URL, ANTI_BOT_FIELD } from '../../../shared/anti-bot';

type Widget = HTMLElement & WidgetMethods;
type StateChange = CustomEvent<{ state: State; payload?: string }>;
type Proof = { [ANTI_BOT_FIELD]?: string };

interface ProofOfWork {
  /** The widget, placed in the form before its error box and submit button. */
  field: ReactNode;
  /**
   * Runs the form's call with the solved proof (waiting for it if the browser is still at
   * work); after a failure, readies a new challenge: each solution is accepted once.
   */
  protect<T>(call: (proof: Proof) => Promise<T>): Promise<T>;
}

/** 204: the site asks no proof (ANTI_BOT=off). A failure: none for now, the server will say. */
async function fetchChallenge(): Promise<Challenge | 'off' | undefined> {
  try {
    const response = await fetch(ANTI_BOT_CHALLENGE_URL, { cache: 'no-store', credentials: 'same-origin' });
    if (response.status === 204) return 'off';
    return response.ok ? ((await response.json()) as Challenge) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The bot barrier of a form anyone can send (decision 0023): the ALTCHA widget, solving its
 * challenge in the background from the moment the form gets focus, so the proof is usually
 * ready by the time the visitor sends. Nothing is loaded when the site asks no proof.
 */
export function useProofOfWork(): ProofOfWork {
  const [mode, setMode] = useState<'pending' | 'on' | 'off'>('pending');
  /** The challenge the widget is given; undefined when there is none (off, or not fetched). */
  const challenge = useRef<Promise<Challenge | undefined>>(undefined);
  const widget = useRef<Widget | null>(null);
  /** Sends waiting for the widget: its script came in, but it is not mounted yet. */
  const waitingForWidget = useRef<((element: Widget) => void)[]>([]);
  const solution = useRef<string>(undefined);
  const mounted = useRef(false);

  const renew = useCallback(() => {
    solution.current = undefined;
    challenge.current = fetchChallenge().then(async (result) => {
      if (result === 'off') {
        if (mounted.current) setMode('off');
        return undefined;
      }
      if (!result) return undefined;
      await import('./altcha-widget');
      if (mounted.current) setMode('on');
      if (widget.current) await configure(widget.current, result).then(() => startIfFocused(widget.current));
      return result;
    });
    return challenge.current;
  }, []);

  useEffect(() => {
    mounted.current = true;
    void renew();
    return () => {
      mounted.current = false;
    };
  }, [renew]);

  const attach = useCallback(
    (element: Widget | null) => {
      if (!element) {
        widget.current = null;
        return;
      }
      element.addEventListener('statechange', (event) => {
        const { state, payload } = (event as StateChange).detail;
        solution.current = state === 'verified' ? payload : undefined;
        // An expired challenge is replaced at once; the next focus or send solves the new one.
        if (state === 'expired') void renew();
      });
      // The widget mounts a moment after React places it and says so with 'load': it is used
      // from then on.
      element.addEventListener(
        'load',
        () => {
          widget.current = element;
          const sends = waitingForWidget.current.splice(0);
          // A send already waiting solves the challenge itself: the widget started here too
          // would give up that work for its own (each verify() cancels the one before).
          if (sends.length > 0) for (const resume of sends) resume(element);
          else void challenge.current?.then((current) => current && configure(element, current).then(() => startIfFocused(element)));
        },
        { once: true },
      );
    },
    [renew],
  );

  async function solve(): Promise<Proof> {
    // A challenge that could not be fetched is asked again; off stays off.
    const current = (await challenge.current) ?? (mode === 'off' ? undefined : await renew());
    if (!current) return {};
    // A visitor quicker than the widget's script sent before the widget was ready.
    const element = widget.current ?? (await new Promise<Widget>((resume) => waitingForWidget.current.push(resume)));
    if (solution.current) return { [ANTI_BOT_FIELD]: solution.current };
    await configure(element, current);
    const result = await element.verify();
    return result?.payload ? { [ANTI_BOT_FIELD]: result.payload } : {};
  }

  async function protect<T>(call: (proof: Proof) => Promise<T>): Promise<T> {
    try {
      const answer = await call(await solve());
      // Spent: the forms leave on success, and one that stays fetches a new challenge when sent.
      solution.current = undefined;
      challenge.current = undefined;
      return answer;
    } catch (error) {
      // The visitor will send again: the next challenge is solved meanwhile.
      if (mounted.current && mode !== 'off') void renew();
      throw error;
    }
  }

  const field =
    mode === 'off' ? null : (
      <div className="anti-bot">{mode === 'on' && <altcha-widget ref={attach} auto="onfocus" type="checkbox" language="fr" />}</div>
    );
  return { field, protect };
}

/**
 * The widget starts on the form's focus ('onfocus'); a visitor quicker than the widget's
 * loading is already in the form when it arrives, and would otherwise wait until sending.
 */
function startIfFocused(element: Widget | null) {
  if (element?.isConnected && element.closest('form')?.contains(document.activeElement) && element.getState() === 'unverified') void element.verify();
}

const configuring = new WeakMap<Widget, { challenge: Challenge; done: Promise<void> }>();

/** Gives the widget a new challenge, back to 'unverified'; once per challenge. */
function configure(element: Widget, challenge: Challenge): Promise<void> {
  const current = configuring.get(element);
  if (current?.challenge === challenge) return current.done;
  // Typed as a promise, though the widget applies it at once (3.2.2 returns nothing).
  const done = Promise.resolve(
    element.configure({ challenge, hideFooter: true, language: 'fr', workers: Math.min(4, navigator.hardwareConcurrency || 2) }),
  ).then(() => element.reset());
  configuring.set(element, { challenge, done });
  return done;
}
