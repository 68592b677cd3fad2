import type { FastifyInstance } from 'fastify';
import { REACTION_LABELS, REACTIONS, SPORTS_PART, type SportItem } from '../../../shared/sports';
import type { PagePart } from '../../platform/http/page-parts';
import { escapeHtml } from '../../platform/mail/escape';
import { loadPublicSports } from './queries';

/**
 * The public sports as /vote shows them to a browser without JavaScript: each one's name and
 * counts, in the classes of the vote list (sports.css), without the buttons, which need the
 * scripts (the page's <noscript> line says so).
 */
function publicSportsHtml(sports: readonly SportItem[]): string {
  if (sports.length === 0) return '<p>Aucun sport pour le moment.</p>';
  const rows = sports.map((sport) => {
    const counts = REACTIONS.map((reaction) => {
      const { emoji, label } = REACTION_LABELS[reaction];
      return `<span class="reaction"><span aria-hidden="true">${emoji}</span> ${escapeHtml(label)} <span class="reaction__count">${sport.reactions[reaction]}</span></span>`;
    }).join(' ');
    const name = `<span aria-hidden="true">${escapeHtml(sport.emoji || '🏅')}</span> ${escapeHtml(sport.name)}`;
    return `<li class="sport-row"><h2 class="sport-row__name">${name}</h2><p class="sport-row__reactions">${counts}</p></li>`;
  });
  return `<ul class="sport-list" role="list">${rows.join('')}</ul>`;
}

export const votePageParts = (app: FastifyInstance): PagePart[] => [
  { path: '/vote', name: SPORTS_PART, topics: ['sports'], render: async () => publicSportsHtml(await loadPublicSports(app.database.db)) },
];
