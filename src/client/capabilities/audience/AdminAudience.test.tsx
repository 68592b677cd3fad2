// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, SIGNED_OUT, stubApi } from '../../platform/testing/render';
import { AdminAudience } from './AdminAudience';
import { useAudience } from './useAudience';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AdminAudience', () => {
  it('shows the visits per day in a chart, and them, the top pages and the referring sites, each as a table', async () => {
    stubApi({
      'GET /api/admin/audience': {
        status: 200,
        body: {
          days: [
            { day: '2026-11-26', visits: 1200 },
            { day: '2026-11-27', visits: 34 },
          ],
          pages: [
            { path: '/vote', visits: 900 },
            { path: '/', visits: 334 },
          ],
          referrers: [{ site: 'www.google.fr', visits: 40 }],
        },
      },
    });
    const { container } = renderPage(<AdminAudience />, { path: '/admin' });
    expect(await screen.findByText(/pages vues en tout/)).toBeTruthy();
    expect(screen.getByText('1 234')).toBeTruthy();
    // The 30 days in a drawing, with the days nobody came: the table has the days counted.
    await waitFor(() => expect(container.querySelectorAll('.chart__drawing svg')).toHaveLength(1));
    expect(container.querySelector('.chart')?.getAttribute('aria-hidden')).toBe('true');
    const pages = screen.getByRole('region', { name: 'Pages les plus vues' });
    expect(within(pages).getByRole('rowheader', { name: '/vote' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: "Sites d'où viennent les visiteurs" })).getByText('www.google.fr')).toBeTruthy();
  });

  it('says when nothing was counted yet', async () => {
    stubApi({ 'GET /api/admin/audience': { status: 200, body: { days: [], pages: [], referrers: [] } } });
    renderPage(<AdminAudience />, { path: '/admin' });
    expect(await screen.findByText('Aucune page vue pour le moment.')).toBeTruthy();
  });
});

describe('useAudience', () => {
  function Counted() {
    useAudience();
    return null;
  }

  it('sends a beacon for a counted page, with where the visitor came from on the first load', async () => {
    stubApi({ 'GET /api/auth/me': SIGNED_OUT });
    const beacons: { url: string; body: string }[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      sendBeacon: (url: string, data: Blob) => {
        void data.text().then((body) => beacons.push({ url, body }));
        return true;
      },
    });
    renderPage(<Counted />, { path: '/vote' });
    await vi.waitFor(() => expect(beacons).toHaveLength(1));
    expect(beacons[0].url).toBe('/api/audience');
    expect(JSON.parse(beacons[0].body)).toMatchObject({ path: '/vote' });
    cleanup();

    renderPage(<Counted />, { path: '/account' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(beacons).toHaveLength(1);
  });
});
