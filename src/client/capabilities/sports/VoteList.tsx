import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { fieldMessages } from '../../../shared/messages';
import { signInPath } from '../../../shared/routes';
import { REACTION_LABELS, REACTIONS, toggleReaction, type Reaction, type ReactionCounts, type SportItem } from '../../../shared/sports';
import { errorMessage } from '../../platform/http/http';
import { ErrorBox } from '../../platform/ui/ErrorBox';
import { Field } from '../../platform/ui/Field';
import { Spinner } from '../../platform/ui/Spinner';
import { useLive } from '../../platform/live/useLive';
import { useAuth } from '../../platform/session/auth-context';
import { fetchMyReactions, fetchSports, react, sportAnchor } from './api';
import { SignInOffer } from './SignInOffer';
import { keepOrder } from './stable-order';
import { useSportInView } from './useSportInView';

const normalize = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('fr');

/**
 * The vote tab: public sports with their three reactions. A click shows its effect at once
 * (optimistic), then takes the server's counts; other visitors' clicks arrive live.
 */
export function VoteList() {
  const { state } = useAuth();
  const signedIn = state.status === 'signed-in';
  const [sports, setSports] = useState<Map<string, SportItem>>();
  const [order, setOrder] = useState<string[]>([]);
  const [mine, setMine] = useState<Record<string, Reaction>>({});
  // Per sport with a click on its way to the server, the clicks made since, oldest first.
  // They go one at a time and in order, so the server's toggles end where the screen already
  // is; a click made while one is on its way is never dropped.
  const queued = useRef(new Map<string, Reaction[]>());
  const [error, setError] = useState<string>();
  const [filter, setFilter] = useState('');
  // The sport whose reaction a signed-out visitor tapped, and how many taps so far: each one
  // shows the offer to sign in again under that sport's row.
  const [refused, setRefused] = useState<{ sportId: string; taps: number }>();

  const load = useCallback(() => {
    fetchSports().then(
      ({ sports: list }) => {
        setSports(new Map(list.map((sport) => [sport.id, sport])));
        setOrder((previous) => keepOrder(previous, list));
      },
      (caught) => setError(errorMessage(caught)),
    );
  }, []);
  useEffect(load, [load]);
  useLive('sports', load);
  useSportInView(sports !== undefined);

  useEffect(() => {
    if (!signedIn) return;
    fetchMyReactions().then(({ reactions }) => setMine(reactions), () => {});
  }, [signedIn]);

  const setCounts = (id: string, reactions: ReactionCounts) =>
    setSports((current) => {
      const sport = current?.get(id);
      return sport && current ? new Map(current).set(id, { ...sport, reactions }) : current;
    });

  const applyMine = (id: string, value: Reaction | null) =>
    setMine((current) => {
      const next = { ...current };
      if (value) next[id] = value;
      else delete next[id];
      return next;
    });

  async function choose(sport: SportItem, reaction: Reaction) {
    if (!signedIn) {
      setRefused((last) => ({ sportId: sport.id, taps: (last?.taps ?? 0) + 1 }));
      return;
    }
    const optimistic = toggleReaction(sport.reactions, mine[sport.id] ?? null, reaction);
    setCounts(sport.id, optimistic.reactions);
    applyMine(sport.id, optimistic.mine);
    setError(undefined);
    const waiting = queued.current.get(sport.id);
    if (waiting) {
      waiting.push(reaction);
      return;
    }
    const later: Reaction[] = [];
    queued.current.set(sport.id, later);
    try {
      let result = await react(sport.id, reaction);
      for (let next = later.shift(); next; next = later.shift()) result = await react(sport.id, next);
      // The last answer only: the earlier ones were already out of date on screen.
      setCounts(sport.id, result.reactions);
      applyMine(sport.id, result.mine);
    } catch (caught) {
      // Which of the clicks the server applied is unknown: show what it holds.
      load();
      fetchMyReactions().then(({ reactions }) => setMine(reactions), () => {});
      setError(errorMessage(caught));
    } finally {
      queued.current.delete(sport.id);
    }
  }

  const visible = useMemo(() => {
    const wanted = normalize(filter.trim());
    return order.map((id) => sports?.get(id)).filter((sport): sport is SportItem => Boolean(sport && normalize(sport.name).includes(wanted)));
  }, [order, sports, filter]);

  // The list waits for the session too: a sign-in notice drawn meanwhile and taken away once the
  // member is known would move the whole list up under their finger.
  if (!sports || state.status === 'loading') return error ? <ErrorBox message={error} /> : <Spinner label="Chargement des sports…" />;

  return (
    <div className="stack">
      {!signedIn && (
        <p className="notice">
          {/* One run of text: the notice lays its children out side by side. */}
          <span>
            {fieldMessages.voteNeedsLogin} — <Link to={signInPath('/vote')}>se connecter</Link>
          </span>
        </p>
      )}
      {error && <ErrorBox message={error} />}
      {sports.size > 8 && <Field type="search" label="Rechercher un sport" value={filter} onChange={setFilter} />}
      {sports.size === 0 ? (
        <p>Aucun sport pour le moment : propose le premier !</p>
      ) : (
        <ul className="sport-list" role="list">
          {visible.map((sport) => (
            <li key={sport.id} id={sportAnchor(sport.id)} className="sport-row" tabIndex={-1}>
              <h2 className="sport-row__name">
                <span aria-hidden="true">{sport.emoji || '🏅'}</span> {sport.name}
              </h2>
              <div className="sport-row__reactions" role="group" aria-label={`Réactions pour ${sport.name}`}>
                {REACTIONS.map((reaction) => (
                  // The button shows its word, which is its whole name (WCAG 2.5.3 'Label in
                  // Name': say « J'adore » to press it); the count beside it describes it.
                  <span key={reaction} className="reaction">
                    <button
                      type="button"
                      className="chip"
                      aria-pressed={mine[sport.id] === reaction}
                      aria-describedby={`count-${sport.id}-${reaction}`}
                      aria-disabled={!signedIn || undefined}
                      data-reaction={reaction}
                      onClick={() => void choose(sport, reaction)}
                    >
                      <span aria-hidden="true">{REACTION_LABELS[reaction].emoji}</span>
                      {REACTION_LABELS[reaction].label}
                    </button>
                    <span id={`count-${sport.id}-${reaction}`} className="reaction__count">
                      {sport.reactions[reaction]}
                    </span>
                  </span>
                ))}
              </div>
              {!signedIn && refused?.sportId === sport.id && <SignInOffer key={refused.taps} returnTo={`/vote#${sportAnchor(sport.id)}`} />}
            </li>
          ))}
        </ul>
      )}
      {filter && visible.length === 0 && <p>Aucun sport ne correspond à « {filter} ».</p>}
    </div>
  );
}
