import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SPORTS_PART } from '../../../shared/sports';
import { change } from '../../platform/live/change';
import { setUpBuiltClient } from '../../platform/testing/built-client';
import { setUpTestApp } from '../../testing/test-app';

const SCRIPT = 'window.vote = 1;';

describe('/vote for a browser without JavaScript', () => {
  // /vote with the place of its part, inside <noscript>, and an inline script.
  const test = setUpTestApp({ CLIENT_DIR: setUpBuiltClient({ '/vote': { places: [SPORTS_PART], noscript: true, script: SCRIPT } }) });

  it('carries the public sports with their counts, escaped, and carries them again once they change', async () => {
    const empty = await test.app.inject({ method: 'GET', url: '/vote' });
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(empty.headers['cache-control']).toBe('no-cache');
    // The part is no script: the page's own script hash still allows it.
    expect(empty.headers['content-security-policy']).toContain(`'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`);
    expect(empty.body).toContain('<noscript><div data-server-part="sports"><p>Aucun sport pour le moment.</p></div></noscript>');

    await change(test.app, async ({ db, announce }) => {
      await db
        .insertInto('sports')
        .values([
          { id: 'pelote <basque>', name: 'Pelote <basque>', duplicate_key: 'pelote basque', emoji: '🥎', public: true },
          { id: 'en attente', name: 'En attente', duplicate_key: 'en attente', public: false },
        ])
        .execute();
      await announce('sports');
    });
    const listed = await test.app.inject({ method: 'GET', url: '/vote/', headers: { 'accept-encoding': 'identity' } });
    expect(listed.body).toContain(
      '<li class="sport-row"><h2 class="sport-row__name"><span aria-hidden="true">🥎</span> Pelote &lt;basque&gt;</h2><p class="sport-row__reactions">',
    );
    expect(listed.body).toContain('J&#39;adore <span class="reaction__count">0</span>');
    expect(listed.body).not.toContain('En attente');
  });
});
