// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { apiError, stubApi } from '../../platform/testing/render';
import { OrganisationsMarquee } from './OrganisationsMarquee';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const organisations = [
  { username: 'Club de Rugby de Pau', profilePic: '/api/users/1/picture?v=2' },
  { username: 'Les Foulées', profilePic: '' },
  { username: 'AS Volley', profilePic: '' },
];

it('shows a spinner, then each organisation with its picture or its initials, scrolling 4 s per organisation', async () => {
  stubApi({ 'POST /api/fn/users-getOrganisations': { status: 200, body: { data: organisations } } });
  render(<OrganisationsMarquee />);
  expect(screen.getByRole('status').textContent).toContain('Chargement des organisations');
  const region = await screen.findByRole('group', { name: 'Organisations inscrites' });
  const track = region.querySelector('.marquee__track') as HTMLElement;
  expect(track.style.animationDuration).toBe('12s');
  // Twice in the track for a seamless loop, but only once for screen readers.
  expect(within(region).getAllByRole('listitem')).toHaveLength(3);
  expect(region.querySelectorAll('[aria-hidden="true"] li')).toHaveLength(3);
  expect(region.querySelector('img')?.getAttribute('src')).toBe('/api/users/1/picture?v=2');
  expect(region.textContent).toContain('LF');
});

it('stops and starts again with its pause button', async () => {
  stubApi({ 'POST /api/fn/users-getOrganisations': { status: 200, body: { data: organisations } } });
  render(<OrganisationsMarquee />);
  const region = await screen.findByRole('group', { name: 'Organisations inscrites' });
  const frame = region.parentElement as HTMLElement;
  fireEvent.click(screen.getByRole('button', { name: 'Mettre en pause' }));
  expect(frame.classList.contains('marquee--paused')).toBe(true);
  fireEvent.click(screen.getByRole('button', { name: 'Reprendre' }));
  expect(frame.classList.contains('marquee--paused')).toBe(false);
});

it('stands still without the copy when the visitor asks for less motion', async () => {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), addEventListener() {}, removeEventListener() {} }));
  stubApi({ 'POST /api/fn/users-getOrganisations': { status: 200, body: { data: organisations } } });
  render(<OrganisationsMarquee />);
  const region = await screen.findByRole('group', { name: 'Organisations inscrites' });
  expect(region.querySelectorAll('li')).toHaveLength(3);
  expect((region.querySelector('.marquee__track') as HTMLElement).style.animationDuration).toBe('');
  expect(region.getAttribute('tabindex')).toBe('0');
  // Nothing moves, so there is nothing to pause.
  expect(screen.queryByRole('button', { name: 'Mettre en pause' })).toBeNull();
});

it('invites the first organisations when there are none, and says so when the list fails', async () => {
  stubApi({ 'POST /api/fn/users-getOrganisations': { status: 200, body: { data: [] } } });
  render(<OrganisationsMarquee />);
  await screen.findByText(/Les premières organisations arrivent bientôt/);
  cleanup();
  stubApi({ 'POST /api/fn/users-getOrganisations': apiError(500, 'http/internal', 'Une erreur est survenue, essaye à nouveau ou contacte nous !') });
  render(<OrganisationsMarquee />);
  expect((await screen.findByText(/n'a pas pu être chargée/)).textContent).toContain('Une erreur est survenue');
});
