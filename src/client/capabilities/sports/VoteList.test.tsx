// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toggleReaction, type Reaction, type ReactionCounts } from '../../../shared/sports';
import { apiError, LEA, renderPage, SIGNED_OUT, stubApi, type FakeCall } from '../../platform/testing/render';
import { stubEventSource } from '../../platform/testing/event-source';
import { VoteList } from './VoteList';

beforeEach(() => {
  stubEventSource();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SPORT_ID = 'b6f1c7de-0000-4000-8000-000000000001';
const REACTION_PATH = `/api/sports/${SPORT_ID}/reaction`;

/** The server's side of one sport: toggles as the API does, answering when `release` is called. */
function renderVoteList() {
  let counts: ReactionCounts = { love: 2, wow: 0, no: 0 };
  let mine: Reaction | null = null;
  const api = stubApi({
    'GET /api/auth/me': { status: 200, body: LEA },
    'GET /api/sports': () => ({ status: 200, body: { sports: [{ id: SPORT_ID, name: 'Kayak polo', emoji: '🛶', reactions: counts }] } }),
    'GET /api/sports/mine': () => ({ status: 200, body: { reactions: mine ? { [SPORT_ID]: mine } : ({} as Record<string, Reaction>) } }),
    [`POST ${REACTION_PATH}`]: (call: FakeCall) => {
      const result = toggleReaction(counts, mine, (call.body as { reaction: Reaction }).reaction);
      ({ reactions: counts, mine } = result);
      return { status: 200, body: result };
    },
  });
  // Reactions, as sent, wait until the test lets the server answer, one at a time.
  const sent: Reaction[] = [];
  const held: (() => void)[] = [];
  const answer = api.fetchMock.getMockImplementation()!;
  api.fetchMock.mockImplementation(async (input, init) => {
    if (String(input) === REACTION_PATH) {
      sent.push(JSON.parse(String(init?.body)).reaction);
      await new Promise<void>((resolve) => held.push(resolve));
    }
    return answer(input, init);
  });
  const release = () => held.shift()?.();
  renderPage(<VoteList />, { path: '/vote' });
  return { release, reactionCalls: () => sent, held };
}

/** The count shown beside a reaction button, which describes it to screen readers. */
const countOf = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent;

describe('the vote list', () => {
  it('names each reaction button by its visible word, its count beside it describing it', async () => {
    renderVoteList();
    const group = await screen.findByRole('group', { name: 'Réactions pour Kayak polo' });
    for (const name of ["J'adore", 'Waouh', 'Bof']) {
      const button = within(group).getByRole('button', { name });
      // Visible text (the emoji aside) is the whole name: speech input can say what it sees.
      expect(button.textContent?.replace(/\p{Extended_Pictographic}/gu, '')).toBe(name);
      expect(button.getAttribute('aria-label')).toBeNull();
    }
    expect(countOf(within(group).getByRole('button', { name: "J'adore" }))).toBe('2');
    expect(countOf(within(group).getByRole('button', { name: 'Bof' }))).toBe('0');
  });

  it('tells a signed-out visitor who taps a reaction, under that sport, how to sign in and come back to it', async () => {
    const { calls } = stubApi({
      'GET /api/auth/me': SIGNED_OUT,
      'GET /api/sports': { status: 200, body: { sports: [{ id: SPORT_ID, name: 'Kayak polo', emoji: '🛶', reactions: { love: 2, wow: 0, no: 0 } }] } },
    });
    renderPage(<VoteList />, { path: '/vote' });
    const group = await screen.findByRole('group', { name: 'Réactions pour Kayak polo' });
    await waitFor(() => expect(within(group).getByRole('button', { name: "J'adore" }).getAttribute('aria-disabled')).toBe('true'));
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(within(group).getByRole('button', { name: "J'adore" }));
    const alert = await screen.findByRole('alert');
    expect(alert.closest('li')).toBe(group.closest('li'));
    expect(alert.textContent).toContain('Connecte-toi pour voter ou suggérer un sport');
    const back = encodeURIComponent(`/vote#sport-${SPORT_ID}`).replace(/%2F/g, '/');
    expect(within(alert).getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe(`/account?retour=${back}`);
    expect(within(alert).getByRole('link', { name: 'Créer un compte' }).getAttribute('href')).toBe(`/account?retour=${back}&auth=register`);
    expect(countOf(within(group).getByRole('button', { name: "J'adore" }))).toBe('2');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows the list once it knows who is there, so no sign-in notice comes and goes above it', async () => {
    const { fetchMock } = stubApi({
      'GET /api/auth/me': { status: 200, body: LEA },
      'GET /api/sports': { status: 200, body: { sports: [{ id: SPORT_ID, name: 'Kayak polo', emoji: '🛶', reactions: { love: 2, wow: 0, no: 0 } }] } },
    });
    // The member's session answers after the sports.
    const answer = fetchMock.getMockImplementation()!;
    let releaseSession = () => {};
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/auth/me') await new Promise<void>((resolve) => (releaseSession = resolve));
      return answer(input, init);
    });
    renderPage(<VoteList />, { path: '/vote' });
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input) === '/api/sports')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Connecte-toi pour voter/)).toBeNull();
    expect(screen.queryByRole('group', { name: 'Réactions pour Kayak polo' })).toBeNull();
    screen.getByText('Chargement des sports…');

    releaseSession();
    await screen.findByRole('group', { name: 'Réactions pour Kayak polo' });
    expect(screen.queryByText(/Connecte-toi pour voter/)).toBeNull();
  });

  it('keeps a click made while the previous one is on its way, and sends both in order', async () => {
    const server = renderVoteList();
    const group = await screen.findByRole('group', { name: 'Réactions pour Kayak polo' });
    const love = within(group).getByRole('button', { name: "J'adore" });
    const wow = within(group).getByRole('button', { name: 'Waouh' });
    await waitFor(() => expect(love.getAttribute('aria-disabled')).toBeNull());

    fireEvent.click(love);
    expect(love.getAttribute('aria-pressed')).toBe('true');
    expect(countOf(love)).toBe('3');
    // The first click is still unanswered: the second shows at once and waits its turn.
    fireEvent.click(wow);
    expect(wow.getAttribute('aria-pressed')).toBe('true');
    expect(love.getAttribute('aria-pressed')).toBe('false');
    expect(countOf(love)).toBe('2');
    expect(countOf(wow)).toBe('1');
    await waitFor(() => expect(server.held).toHaveLength(1));
    expect(server.reactionCalls()).toEqual(['love']);

    server.release();
    await waitFor(() => expect(server.reactionCalls()).toEqual(['love', 'wow']));
    server.release();
    await waitFor(() => expect(server.held).toHaveLength(0));
    // The server ends where the screen already was.
    expect(wow.getAttribute('aria-pressed')).toBe('true');
    expect(love.getAttribute('aria-pressed')).toBe('false');
    expect(countOf(love)).toBe('2');
    expect(countOf(wow)).toBe('1');
  });

  it('shows the server’s error and what the server holds when a click fails', async () => {
    stubApi({
      'GET /api/auth/me': { status: 200, body: LEA },
      'GET /api/sports': { status: 200, body: { sports: [{ id: SPORT_ID, name: 'Kayak polo', emoji: '🛶', reactions: { love: 2, wow: 0, no: 0 } }] } },
      'GET /api/sports/mine': { status: 200, body: { reactions: {} } },
      [`POST ${REACTION_PATH}`]: apiError(404, 'sports/not-found', "Ce sport n'existe pas ou plus 🙁"),
    });
    renderPage(<VoteList />, { path: '/vote' });
    const group = await screen.findByRole('group', { name: 'Réactions pour Kayak polo' });
    const love = within(group).getByRole('button', { name: "J'adore" });
    await waitFor(() => expect(love.getAttribute('aria-disabled')).toBeNull());

    fireEvent.click(love);
    expect(await screen.findByText("Ce sport n'existe pas ou plus 🙁")).toBeTruthy();
    await waitFor(() => expect(love.getAttribute('aria-pressed')).toBe('false'));
    expect(countOf(love)).toBe('2');
  });
});
