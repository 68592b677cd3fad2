import { useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '../../platform/session/auth-context';
import { SignInActions } from './SignInOffer';
import { SportsWithoutScripts } from './SportsWithoutScripts';
import { SuggestSportForm } from './SuggestSportForm';
import { VoteList } from './VoteList';
import './sports.css';

const TABS = [
  { id: 'vote', label: 'Voter' },
  { id: 'add', label: 'Ajouter un sport' },
] as const;
type TabId = (typeof TABS)[number]['id'];
const ADD_PANEL = 'panel-add';

const noSubscription = () => () => {};

/** Spec §2 Vote: two tabs with the WAI-ARIA tabs pattern (arrows, Home and End move between them). */
export function VoteTabs() {
  const buttons = useRef<Record<TabId, HTMLButtonElement | null>>({ vote: null, add: null });
  const { state } = useAuth();
  const { hash } = useLocation();
  // The panel to suggest a sport has an address (where signing in from it comes back to), which
  // opens its tab; not in the prerendered page nor while it hydrates, which knows no hash.
  const scripted = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [chosen, setChosen] = useState<TabId>();
  const selected = chosen ?? (scripted && hash === `#${ADD_PANEL}` ? 'add' : 'vote');

  function select(id: TabId, focus = false) {
    setChosen(id);
    if (focus) buttons.current[id]?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    const index = TABS.findIndex((tab) => tab.id === selected);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    select(TABS[(moves[event.key] + TABS.length) % TABS.length].id, true);
  }

  return (
    <div>
      <div className="tabs" role="tablist" aria-label="Sports" onKeyDown={onKeyDown}>
        {TABS.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[tab.id] = element;
            }}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            className="tab"
            aria-selected={selected === tab.id}
            aria-controls={`panel-${tab.id}`}
            tabIndex={selected === tab.id ? 0 : -1}
            onClick={() => select(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {TABS.map((tab) => (
        <div key={tab.id} role="tabpanel" id={`panel-${tab.id}`} aria-labelledby={`tab-${tab.id}`} hidden={selected !== tab.id} tabIndex={0}>
          {selected === tab.id &&
            (tab.id === 'vote' ? (
              <>
                <VoteList />
                <SportsWithoutScripts />
              </>
            ) : (
              <div className="stack">
                <SuggestSportForm onDone={() => select('vote')} />
                {state.status === 'signed-out' && <SignInActions returnTo={`/vote#${ADD_PANEL}`} />}
              </div>
            ))}
        </div>
      ))}
    </div>
  );
}
