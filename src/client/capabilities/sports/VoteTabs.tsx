import { useRef, useState, type KeyboardEvent } from 'react';
import { SportsWithoutScripts } from './SportsWithoutScripts';
import { SuggestSportForm } from './SuggestSportForm';
import { VoteList } from './VoteList';
import './sports.css';

const TABS = [
  { id: 'vote', label: 'Voter' },
  { id: 'add', label: 'Ajouter un sport' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** Spec §2 Vote: two tabs with the WAI-ARIA tabs pattern (arrows, Home and End move between them). */
export function VoteTabs() {
  const [selected, setSelected] = useState<TabId>('vote');
  const buttons = useRef<Record<TabId, HTMLButtonElement | null>>({ vote: null, add: null });

  function select(id: TabId, focus = false) {
    setSelected(id);
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
              <SuggestSportForm onDone={() => select('vote')} />
            ))}
        </div>
      ))}
    </div>
  );
}
