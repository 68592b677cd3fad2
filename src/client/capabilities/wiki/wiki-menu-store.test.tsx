// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { wikiDataHtml } from '../../../shared/wiki-pages';
import { apiError, stubApi } from '../../platform/testing/render';

// The menu is kept for the visit, in the module: each test starts a new visit.
let useWikiMenu: typeof import('./wiki-menu-store').useWikiMenu;
beforeEach(async () => {
  vi.resetModules();
  ({ useWikiMenu } = await import('./wiki-menu-store'));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

function Menu() {
  const { menu, error } = useWikiMenu();
  if (error) return <p role="alert">{error}</p>;
  return <ul>{menu?.map((entry) => <li key={entry.id}>{entry.title}</li>)}</ul>;
}

it('says why the menu could not be loaded after a navigation, rather than showing no article', async () => {
  stubApi({ 'GET /api/wiki': apiError(503, 'http/unavailable', 'Le site est momentanément indisponible, réessaie dans un instant 🙁') });
  render(<Menu />);
  expect((await screen.findByRole('alert')).textContent).toContain('momentanément indisponible');
});

it('loads the menu after a navigation, and keeps it for the visit', async () => {
  const { calls } = stubApi({ 'GET /api/wiki': { status: 200, body: { articles: [{ id: 'home', title: 'Accueil', description: '' }] } } });
  render(<Menu />);
  await screen.findByText('Accueil');
  cleanup();
  render(<Menu />);
  screen.getByText('Accueil');
  expect(calls).toHaveLength(1);
});

it('reads the menu the server wrote into the page, even past an article’s element with the same id', async () => {
  const { calls } = stubApi({});
  // A heading whose words are JSON, with the data block's id, before the block itself.
  document.body.innerHTML = `<h2 id="wiki-menu-data">{"wiki":{"menu":"data"}}</h2>${wikiDataHtml([{ id: 'home', title: 'Accueil', description: '' }])}`;
  render(<Menu />);
  screen.getByText('Accueil');
  expect(calls).toHaveLength(0);
});
