// What the client's component tests share: a page rendered in a router with a signed-in state, typed fake API answers (never imported by the app).
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { Challenge } from 'altcha-lib';
import type { EmailChangeStatus, MeResponse, VerificationLinkPreview, VerifyEmailResponse } from '../../../shared/accounts';
import type { AdminOrganisationsResponse, OrganisationListItem, RegisterOrganisationResult } from '../../../shared/organisations';
import { ANTI_BOT_CHALLENGE_URL } from '../../../shared/anti-bot';
import type { ApiErrorBody } from '../../../shared/api-error';
import type { AudienceReport } from '../../../shared/audience';
import type { AdminHealth, AdminStatistics, AdminSummary } from '../../../shared/dashboard';
import type { EventReportsResponse } from '../../../shared/event-reports';
import type { JournalActors, JournalPage } from '../../../shared/journal';
import type { LegalNotice } from '../../../shared/legal-notice';
import type { MemberDetail, MemberPage } from '../../../shared/members';
import type {
  BulkModerationResult,
  ModerationDigestPreference,
  ModerationQueue,
  PendingPage,
  PendingSport,
  PendingWord,
  PublishedPage,
} from '../../../shared/moderation';
import type { NewsletterHistory, NewsletterPreference, NewsletterPreview, NewsletterQueued, RecipientCount } from '../../../shared/newsletter/api';
import type { MyReactionsResponse, ReactionResult, SportsResponse } from '../../../shared/sports';
import type { MemberTrips, PublicAmounts, SubmitSurveyResult, SurveyResultsResponse, TextAnswersPage } from '../../../shared/surveys/api';
import type { PublishedText } from '../../../shared/text-pages';
import type { TextConflict, TextDetail, TextDraft, TextHistory, TextList, TextVersion } from '../../../shared/texts';
import type { PasskeyList } from '../../../shared/passkeys';
import type { TwoFactorStatus } from '../../../shared/two-factor';
import type { MemberSessionList } from '../../../shared/sessions';
import type { CurrentUser } from '../../../shared/user';
import type { WikiFeedbackResponse, WikiMenu } from '../../../shared/wiki';
import type { MyWordResponse } from '../../../shared/words';
import { AuthProvider, useAuth } from '../session/auth-context';

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * What the real API answers, by route, in the types of src/shared: a fake answer that drifts
 * from the real one fails to compile. `undefined` is an empty answer (204). A route a test
 * fakes must be here first; a key with `${string}` covers its ids or query strings.
 */
interface ApiAnswers {
  'GET /api/auth/me': MeResponse;
  'POST /api/auth/login': CurrentUser;
  'POST /api/auth/logout': undefined;
  'POST /api/auth/verify-email': VerifyEmailResponse;
  'POST /api/auth/verification-link': VerificationLinkPreview;
  'POST /api/fn/users-registerUser': { data: { uuid: string } };
  'POST /api/fn/users-registerOrganisation': { data: RegisterOrganisationResult };
  'POST /api/fn/users-forgotPassword': { data: { sent: true } };
  'POST /api/fn/users-getOrganisations': { data: OrganisationListItem[] };
  'POST /api/fn/users-submitSurvey': { data: SubmitSurveyResult };
  'POST /api/fn/newsletter-send': { data: NewsletterQueued };
  'POST /api/fn/newsletter-sendTest': { data: { sent: true } };
  'POST /api/fn/newsletter-unsubscribe': { data: { unsubscribed: true } };
  'GET /api/words/mine': MyWordResponse;
  'PATCH /api/account/profile': CurrentUser;
  'PUT /api/account/username': CurrentUser;
  'PUT /api/account/password': undefined;
  'PUT /api/account/newsletter': NewsletterPreference;
  'POST /api/account/email': EmailChangeStatus;
  'POST /api/account/verification-mail': undefined;
  'DELETE /api/account': undefined;
  'GET /api/account/passkeys': PasskeyList;
  'GET /api/account/two-factor': TwoFactorStatus;
  'DELETE /api/account/two-factor': TwoFactorStatus;
  'DELETE /api/account/passkeys': { removed: number };
  'POST /api/auth/reauthenticate': undefined;
  'GET /api/account/sessions': MemberSessionList;
  'GET /api/anti-bot/challenge': Challenge | undefined;
  'GET /api/consts/public-amounts': PublicAmounts;
  'POST /api/event-reports': { id: string };
  [key: `POST /api/wiki/${string}/feedback`]: WikiFeedbackResponse;
  'GET /api/sports': SportsResponse;
  'GET /api/sports/mine': MyReactionsResponse;
  [key: `POST /api/sports/${string}/reaction`]: ReactionResult;
  'GET /api/admin/summary': AdminSummary;
  'GET /api/admin/health': AdminHealth;
  'GET /api/admin/statistics': AdminStatistics;
  'GET /api/admin/audience': AudienceReport;
  'GET /api/admin/moderation': ModerationQueue;
  [key: `GET /api/admin/moderation/words?${string}`]: PendingPage<PendingWord>;
  [key: `GET /api/admin/moderation/sports?${string}`]: PendingPage<PendingSport>;
  [key: `GET /api/admin/moderation/published?${string}`]: PublishedPage;
  'POST /api/admin/moderation/bulk': BulkModerationResult;
  'GET /api/admin/moderation/digest': ModerationDigestPreference;
  'PUT /api/admin/moderation/digest': ModerationDigestPreference;
  [key: `POST /api/admin/words/${string}/${'approve' | 'unapprove' | 'refuse' | 'withdraw' | 'vip'}`]: undefined;
  'GET /api/admin/organisations': AdminOrganisationsResponse;
  'POST /api/admin/organisations/allowlist': undefined;
  [key: `DELETE /api/admin/organisations/allowlist/${string}`]: undefined;
  'GET /api/admin/event-reports': EventReportsResponse;
  'GET /api/admin/surveys': SurveyResultsResponse;
  [key: `GET /api/admin/surveys/${string}/texts?${string}`]: TextAnswersPage;
  [key: `GET /api/admin/past-trips?${string}`]: MemberTrips;
  'POST /api/admin/past-trips': MemberTrips;
  'DELETE /api/admin/past-trips/last': MemberTrips;
  'GET /api/admin/settings': PublicAmounts;
  'PUT /api/admin/settings': PublicAmounts;
  'GET /api/legal-notice': LegalNotice;
  'GET /api/admin/settings/legal-notice': LegalNotice;
  'PUT /api/admin/settings/legal-notice': LegalNotice;
  'GET /api/admin/members': MemberPage;
  [key: `GET /api/admin/members?${string}`]: MemberPage;
  [key: `GET /api/admin/members/${string}`]: MemberDetail;
  [key: `POST /api/admin/members/${string}/${'roles' | 'suspension' | 'two-factor/reset'}`]: MemberDetail;
  [key: `DELETE /api/admin/members/${string}`]: undefined;
  'GET /api/admin/journal': JournalPage;
  [key: `GET /api/admin/journal?${string}`]: JournalPage;
  'GET /api/admin/journal/actors': JournalActors;
  'GET /api/admin/newsletters': NewsletterHistory;
  'GET /api/admin/newsletter/recipients': RecipientCount;
  [key: `GET /api/admin/newsletter/recipients?${string}`]: RecipientCount;
  'POST /api/admin/newsletter/preview': NewsletterPreview;
  'GET /api/admin/texts': TextList;
  [key: `GET /api/admin/texts/${string}`]: TextDetail | TextHistory | TextVersion;
  [key: `PUT /api/admin/texts/${string}/draft`]: TextDraft;
  [key: `POST /api/admin/texts/${string}/${'publish' | 'restore'}`]: TextDetail | TextConflict;
  [key: `GET /api/texts/${string}`]: PublishedText;
  'GET /api/wiki': WikiMenu;
}

/** A fake answer: the route's own type, or the HTTP contract's error (apiError). */
export type FakeReply<T> = { status: number; body: T | ApiErrorBody } | (undefined extends T ? { status: number; body?: undefined } : never);

/** Each route's answer, or a function of the call that answers it. */
export type FakeRoutes = { [Route in keyof ApiAnswers]?: FakeReply<ApiAnswers[Route]> | ((call: FakeCall) => FakeReply<ApiAnswers[Route]>) };

/**
 * Replaces fetch with answers keyed by 'METHOD /path' (typed by ApiAnswers). Unknown requests
 * answer 404, and every call is recorded so a test can check what was sent. The protected
 * forms' challenge is answered 204 (the site asks no proof, ANTI_BOT=off) and not recorded,
 * unless a test stubs it: the widget itself needs a real browser (tests/e2e).
 */
export function stubApi(typedRoutes: FakeRoutes) {
  const routes = typedRoutes as Record<string, FakeReply<unknown> | ((call: FakeCall) => FakeReply<unknown>) | undefined>;
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

export function apiError(status: number, code: string, message: string): { status: number; body: ApiErrorBody } {
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
  twoFactorEnabled: false,
};

function ShowPath() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/** What the auth provider knows ('loading', 'signed-in'…): a test can wait for /api/auth/me's answer to be rendered. */
function ShowAuthStatus() {
  return <p data-testid="auth-status">{useAuth().state.status}</p>;
}

/** Renders `element` at `path` inside the auth provider and a memory router with a home page. */
export function renderPage(element: ReactNode, { path = '/account', url = path }: { path?: string; url?: string } = {}) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthProvider>
            <ShowPath />
            <ShowAuthStatus />
            <Outlet />
          </AuthProvider>
        ),
        children: [
          { path, element },
          { path: '/', element: <h1>Accueil</h1> },
          ...(path === '/account' ? [] : [{ path: '/account', element: <h1>Page du compte</h1> }]),
          // Where a page sends the member next: ShowPath says which.
          { path: '*', element: <h1>Autre page</h1> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}
