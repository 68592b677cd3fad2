// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STATISTICS_REACTION_DAYS, STATISTICS_WEEKS, type AdminStatistics } from '../../../shared/dashboard';
import { apiError, renderPage, stubApi } from '../../platform/testing/render';
import { Statistics } from './Statistics';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DAY_MS = 86_400_000;
const FIRST_MONDAY = Date.parse('2025-12-01T00:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A year of weeks where, from the 50th on, the community grows. */
function statistics(): AdminStatistics {
  return {
    countedAt: '2026-11-27T09:05:00Z',
    weeks: Array.from({ length: STATISTICS_WEEKS }, (_, i) => {
      const recent = i >= 49;
      return {
        week: iso(FIRST_MONDAY + i * 7 * DAY_MS),
        persons: recent ? 100 : 0,
        organisations: recent ? 2 : 0,
        members: 1000 + (recent ? (i - 48) * 102 : 0),
        verified: 900,
        newsletter: 250,
        words: recent ? 7 : 0,
        sports: i === 51 ? 3 : 0,
        preUseAnswers: recent ? 10 : 0,
        postUseAnswers: i === 51 ? 4 : 0,
      };
    }),
    reactions: Array.from({ length: STATISTICS_REACTION_DAYS }, (_, i) => ({
      day: iso(Date.parse('2026-08-30T00:00:00Z') + i * DAY_MS),
      reactions: i === 88 ? 1500 : 10,
    })),
    ranking: [
      { name: 'Football', emoji: '⚽', love: 300, wow: 40, no: 5 },
      { name: 'Rugby', emoji: '🏉', love: 100, wow: 20, no: 10 },
    ],
  };
}

describe('Statistics', () => {
  it('says what each chart shows, and gives its numbers in a table', async () => {
    stubApi({ 'GET /api/admin/statistics': { status: 200, body: statistics() } });
    renderPage(<Statistics />, { path: '/admin' });
    expect(
      await screen.findByText('300 personnes et 6 organisations inscrites en 52 semaines, dont 102 cette semaine.'),
    ).toBeTruthy();
    expect(
      screen.getByText(/^1 306 membres aujourd'hui : 900 \(69 %\) ont vérifié leur adresse, 250 \(19 %\) reçoivent la newsletter\. Chaque semaine, les courbes comptent/),
    ).toBeTruthy();
    expect(screen.getByText('21 mots de soutien laissés et 3 sports suggérés en 52 semaines.')).toBeTruthy();
    expect(screen.getByText(/2 390 réactions ces 90 derniers jours, le plus le 26 nov\.? \(1 500\)\./)).toBeTruthy();
    expect(
      screen.getByText('30 réponses au questionnaire avant utilisation et 4 après utilisation en 52 semaines.'),
    ).toBeTruthy();
    expect(screen.getByText('En tête : ⚽ Football, avec 345 réactions.')).toBeTruthy();

    const joined = screen.getByRole('region', { name: 'Inscriptions par semaine : les chiffres' });
    expect(within(joined).getAllByRole('row')).toHaveLength(STATISTICS_WEEKS + 1);
    const lastWeek = within(joined).getByRole('rowheader', { name: '23 nov. 2026' }).closest('tr')!;
    expect(
      within(lastWeek)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['100', '2']);
    const ranking = screen.getByRole('region', { name: 'Classement des sports : les chiffres' });
    expect(
      within(ranking)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Sport', "😍 J'adore", '🤩 Waouh', '🙄 Bof']);
    expect(
      within(ranking)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual(['⚽ Football', '🏉 Rugby']);
    expect(screen.getByText(/Chiffres de \d\d:\d\d, recomptés toutes les cinq minutes/)).toBeTruthy();
  });

  it('draws each chart in SVG, hidden from screen readers', async () => {
    stubApi({ 'GET /api/admin/statistics': { status: 200, body: statistics() } });
    const { container } = renderPage(<Statistics />, { path: '/admin' });
    await screen.findByText(/personnes et 6 organisations/);
    await waitFor(() => expect(container.querySelectorAll('.chart__drawing svg')).toHaveLength(6));
    for (const chart of container.querySelectorAll('.chart')) expect(chart.getAttribute('aria-hidden')).toBe('true');
  });

  it('says when the figures cannot be loaded', async () => {
    stubApi({ 'GET /api/admin/statistics': apiError(500, 'http/internal', 'Une erreur est survenue') });
    renderPage(<Statistics />, { path: '/admin' });
    expect(await screen.findByText('Une erreur est survenue')).toBeTruthy();
  });
});
