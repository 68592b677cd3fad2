import { SPORTS_PART } from '../../../shared/sports';

/**
 * /vote in a browser without JavaScript, where the list the scripts load never comes: a line
 * saying what voting needs, and the public sports with their counts, which the server writes
 * into the marked place of the prerendered page (server/capabilities/sports/vote-page.ts).
 */
export function SportsWithoutScripts() {
  return (
    <noscript>
      <div className="stack">
        <p className="notice">Pour voter ou proposer un sport, active JavaScript dans ton navigateur. Voici les sports et leurs votes :</p>
        <div data-server-part={SPORTS_PART} />
      </div>
    </noscript>
  );
}
