// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { apiError, stubApi } from '../../platform/testing/render';
import { AdminEventReports } from './AdminEventReports';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('lists the reports with their day written out, link and contact', async () => {
  stubApi({
    'GET /api/admin/event-reports': {
      status: 200,
      body: {
        reports: [
          { id: '1', eventName: 'Trail des Crêtes', sport: 'Trail', date: '2025-06-14', place: 'Gérardmer', link: 'https://trail.example.fr', email: 'orga@trail.example.fr', createdAt: '2025-05-01T10:00:00.000Z' },
          { id: '2', eventName: 'Tournoi de volley', sport: 'Volley', date: '2025-07-01', place: 'Nantes', link: 'https://volley.example.fr', email: '', createdAt: '2025-04-01T10:00:00.000Z' },
        ],
      },
    },
  });
  render(<AdminEventReports />);
  const items = await screen.findAllByRole('listitem');
  expect(items).toHaveLength(2);
  expect(within(items[0]).getByRole('heading', { name: 'Trail des Crêtes' })).toBeTruthy();
  expect(items[0].textContent).toContain('samedi 14 juin 2025');
  expect(within(items[0]).getByRole('link', { name: 'orga@trail.example.fr' }).getAttribute('href')).toBe('mailto:orga@trail.example.fr');
  expect(items[1].textContent).toContain("Pas d'adresse mail laissée");
});

it('says when there is nothing, and shows the error box when the list cannot load', async () => {
  stubApi({ 'GET /api/admin/event-reports': { status: 200, body: { reports: [] } } });
  render(<AdminEventReports />);
  await screen.findByText('Aucun événement signalé pour le moment.');
  cleanup();
  stubApi({ 'GET /api/admin/event-reports': apiError(403, 'http/forbidden', "Tu n'as pas la permission de faire ça 🙁") });
  render(<AdminEventReports />);
  expect((await screen.findByRole('alert')).textContent).toContain('permission');
});
