// Helpers for this folder's and sibling features' component tests (never imported by the app).
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { ANTI_BOT_CHALLENGE_URL } from '../../../shared/anti-bot';
import type { CurrentUser } from '../../../shared/user';
import { AuthProvider } from './auth-context';

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
}

type Reply = { status: number; body?: unknown } | ((call: FakeCall) => { status: number; body?: unknown });

/**
 * Replaces fetch with answers keyed by 'METHOD /path'. Unknown requests answer 404, and
 * every call is recorded so a test can check what was sent. The protected forms' challenge
 * is answered 204 (the site asks no proof, ANTI_BOT=off) and not recorded, unless a test
 * stubs it: the widget itself needs a real browser (tests/e2e).
 */
export function stubApi(routes: Record<string, Reply>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    if (path === ANTI_BOT_CHALLENGE_URL && !routes[`GET ${path}`]) return new Response(null, { status: 204 });
    const raw = init?.body;
    const body = typeof raw === 'string' ? JSON.parse(raw) : raw;
    const call = { method, path, body };
    calls.push(call);
    const route = routes[`${method} ${path}`];
    const reply = typeof route === 'function' ? route(call) : (route ?? { status: 404, body: notFound() });
    const text = reply.status === 204 || reply.body === undefined ? null : JSON.stringify(reply.body);
    return new Response(text, { status: reply.status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  // The client asks /api/auth/me only with the server's signed-in hint cookie; the stubbed
  // routes decide what /me answers.
  document.cookie = 'unissons_signed_in=1; path=/';
  return { calls, fetchMock };
}

function notFound() {
  return { error: { code: 'http/not-found', message: "Ce contenu n'existe pas ou plus 🙁" } };
}

export function apiError(status: number, code: string, message: string) {
  return { status, body: { error: { code, message } } };
}

export const SIGNED_OUT = apiError(401, 'http/unauthorized', 'Connecte-toi pour continuer 🙁');

export const LEA: CurrentUser = {
  uuid: '7a0c1e52-1111-4a4a-9b9b-000000000001',
  username: 'lea93',
  firstname: 'Léa',
  lastname: 'Martin',
  email: 'lea@example.fr',
  bio: 'Coureuse du dimanche.',
  profilePic: '',
  accountType: 'user',
  roles: [],
  surveys: {},
  pastTrips: [],
  mustChangePassword: false,
  newsletter: true,
  emailVerified: true,
  emailUndeliverable: false,
};

function ShowPath() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/** Renders `element` at `path` inside the auth provider and a memory router with a home page. */
export function renderPage(element: ReactNode, { path = '/account', url = path }: { path?: string; url?: string } = {}) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthProvider>
            <ShowPath />
            <Outlet />
          </AuthProvider>
        ),
        children: [
          { path, element },
          { path: '/', element: <h1>Accueil</h1> },
          ...(path === '/account' ? [] : [{ path: '/account', element: <h1>Page du compte</h1> }]),
        ],
      },
    ],
    { initialEntries: [url] },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}
