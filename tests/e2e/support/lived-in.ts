import { expect } from 'vitest';
import { createMember, type Member } from '../accounts-support';
import { adminCookie, apiJson } from '../calshare-support';
import type { Site } from './site';
import { proofOfWork } from './proof-of-work';

export interface LivedInSite {
  members: Member[];
  organisation: { email: string; password: string; username: string };
}

/** Signs in through the API and answers the session cookie header. */
export async function apiSession(site: Site, email: string, password: string): Promise<string> {
  const response = await fetch(`${site.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const cookie = response.headers.getSetCookie().find((header) => /^(__Host-)?unissons_session=/.test(header));
  expect(cookie).toBeTruthy();
  return cookie!.split(';')[0];
}

async function ok<T>(call: Promise<{ status: number; body: T }>): Promise<T> {
  const { status, body } = await call;
  expect(status, JSON.stringify(body)).toBeLessThan(300);
  return body;
}

/**
 * A site as members use it, for checks that must see pages holding data (the accessibility
 * scan above all): public and VIP words, pending ones, sports with reactions, a pending
 * suggestion, answers to both surveys, an event report and a registered organisation.
 * Everything goes through the API, as members and the admin would.
 */
export async function seedLivedInSite(site: Site): Promise<LivedInSite> {
  const admin = await adminCookie(site);
  const members = await Promise.all([0, 1, 2].map(() => createMember(site)));
  const cookies = await Promise.all(members.map((member) => apiSession(site, member.email, member.password)));
  const post = <T>(path: string, body: unknown, cookie: string) => ok(apiJson<T>(site, path, { method: 'POST', body, cookie }));

  const words = [
    'Vivement le premier trajet vers le stade, on sera nombreux !',
    'Partager la route avec d’autres supporters, quelle belle idée.',
    'Encore en attente de modération, mais plein d’enthousiasme.',
  ];
  const wordIds = await Promise.all(words.map((content, index) => post<{ id: string }>('/api/words', { content }, cookies[index])));
  await post(`/api/admin/words/${wordIds[0].id}/approve`, {}, admin);
  await post(`/api/admin/words/${wordIds[1].id}/approve`, {}, admin);
  await post(`/api/admin/words/${wordIds[1].id}/vip`, { vip: true }, admin);

  const sports = [
    { name: 'Kayak polo', emoji: '🛶' },
    { name: 'Escalade', emoji: '🧗' },
    { name: 'Curling', emoji: '🥌' },
  ];
  const sportIds = [];
  for (const [index, sport] of sports.entries()) sportIds.push((await post<{ id: string }>('/api/sports', sport, cookies[index])).id);
  await post(`/api/admin/sports/${encodeURIComponent(sportIds[0])}/approve`, {}, admin);
  await post(`/api/admin/sports/${encodeURIComponent(sportIds[1])}/approve`, {}, admin);
  await post(`/api/sports/${encodeURIComponent(sportIds[0])}/reaction`, { reaction: 'love' }, cookies[0]);
  await post(`/api/sports/${encodeURIComponent(sportIds[0])}/reaction`, { reaction: 'wow' }, cookies[1]);
  await post(`/api/sports/${encodeURIComponent(sportIds[1])}/reaction`, { reaction: 'no' }, cookies[2]);

  const uuid = async (cookie: string) => (await ok(apiJson<{ uuid: string }>(site, '/api/auth/me', { cookie }))).uuid;
  await post('/api/fn/users-submitSurvey', {
    surveyId: 'pre-use',
    userId: await uuid(cookies[0]),
    responses: {
      heard: ['Instagram', 'Événement'],
      reasons: { value: ['Partager les frais de route', 'Autre'], subValue: 'Voir du pays' },
      'wont-use': { value: ['Le prix du trajet'] },
      expectations: 'Des trajets fiables',
    },
  }, cookies[0]);
  await post('/api/admin/past-trips', { email: members[1].email }, admin);
  await post('/api/fn/users-submitSurvey', {
    surveyId: 'post-use',
    userId: await uuid(cookies[1]),
    responses: {
      'experience-rating': 4.5,
      expectations: { value: false, subValue: 'Pas assez de conducteurs' },
      useful: true,
      suggestion: 'Une carte des départs',
      'word-of-mouth': { value: true },
    },
  }, cookies[1]);

  await post('/api/event-reports', {
    eventName: 'Marathon de Nantes',
    sport: 'Course à pied',
    date: '2027-04-18',
    place: 'Nantes',
    link: 'https://exemple.fr/marathon',
    email: '',
    ...(await proofOfWork(site.url)),
  }, cookies[2]);

  const organisation = { email: `club.${Date.now().toString(36)}@exemple.fr`, password: 'Organisation-2025!', username: 'Club de Rugby de Pau' };
  await post('/api/admin/organisations/allowlist', { email: organisation.email }, admin);
  await post('/api/fn/users-registerOrganisation', { email: organisation.email, username: organisation.username, pwd: organisation.password, ...(await proofOfWork(site.url)) }, '');
  return { members, organisation };
}
