import { beforeAll, describe, expect, it } from 'vitest';
import { todayIso, type EventReportPayload } from '../../../shared/event-reports';
import { registerAdmin, registerMember } from '../../platform/testing/members';
import { proofOfWork } from '../../platform/testing/proof-of-work';
import { setUpTestApp } from '../../testing/test-app';

function inDays(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return todayIso(date);
}

const report = (overrides: Partial<EventReportPayload> = {}): EventReportPayload => ({
  eventName: '  Trail des Crêtes  ',
  sport: 'Trail',
  date: inDays(30),
  place: 'Gérardmer (88)',
  link: 'www.trail-des-cretes.fr/inscriptions',
  email: ' Orga@Trail-Cretes.FR ',
  ...overrides,
});

describe('event reports', () => {
  const test = setUpTestApp();
  let adminCookie: string;
  beforeAll(async () => {
    adminCookie = (await registerAdmin(test.app, test.database)).cookie;
  });

  // As the form sends it: with a solved challenge (platform/anti-bot).
  const send = async (payload: unknown, remoteAddress = '127.0.0.1') =>
    test.app.inject({ method: 'POST', url: '/api/event-reports', payload: { ...(payload as object), ...(await proofOfWork(test.app)) }, remoteAddress });
  const list = async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/admin/event-reports', headers: { cookie: adminCookie } });
    expect(response.statusCode).toBe(200);
    return response.json().reports;
  };

  it('stores a report, tidied, and lists it for the admin, newest first', async () => {
    const first = await send(report({ eventName: 'Premier', email: '' }), '10.0.0.1');
    expect(first.statusCode).toBe(201);
    const second = await send(report(), '10.0.0.1');
    expect(second.statusCode).toBe(201);
    const reports = await list();
    expect(reports[0]).toEqual({
      id: second.json().id,
      eventName: 'Trail des Crêtes',
      sport: 'Trail',
      date: inDays(30),
      place: 'Gérardmer (88)',
      link: 'https://www.trail-des-cretes.fr/inscriptions',
      email: 'orga@trail-cretes.fr',
      createdAt: expect.any(String),
    });
    expect(reports[1]).toMatchObject({ id: first.json().id, eventName: 'Premier', email: '' });
  });

  it.each([
    ['an empty event name', { eventName: '   ' }, 'event-reports/invalid-event-name'],
    ['an empty sport', { sport: '' }, 'event-reports/invalid-sport'],
    ['a date in the past', { date: inDays(-10) }, 'event-reports/invalid-date'],
    ['a date that does not exist', { date: '2031-02-30' }, 'event-reports/invalid-date'],
    ['a date four years ahead', { date: inDays(4 * 366) }, 'event-reports/invalid-date'],
    ['an empty place', { place: '' }, 'event-reports/invalid-place'],
    ['a link that is no web address', { link: 'javascript:alert(1)' }, 'event-reports/invalid-link'],
    ['an empty link', { link: '' }, 'event-reports/invalid-link'],
    ['an invalid e-mail', { email: 'orga@club' }, 'event-reports/invalid-email'],
  ])('refuses %s with its code and French message', async (_case, overrides, code) => {
    const response = await send(report(overrides), '10.0.0.2');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe(code);
    expect(response.json().error.message).toMatch(/🙁$/);
  });

  it.each([
    ['an unknown field', { ...report(), ticketPrice: 12 }],
    ['a missing field', { eventName: 'X', sport: 'Y', date: inDays(3), place: 'Z', link: 'https://x.fr' }],
    ['a number instead of text', { ...report(), place: 42 }],
    ['a huge name', { ...report(), eventName: 'x'.repeat(5000) }],
  ])('answers 400 to %s', async (_case, payload) => {
    const response = await send(payload, '10.0.0.3');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('http/bad-request');
  });

  it('refuses a report posted from another site', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/event-reports',
      payload: report(),
      headers: { origin: 'https://ailleurs.example' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('limits each address to ten reports in ten minutes, other addresses unaffected', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await send(report({ eventName: `Course ${i}` }), '10.0.0.9')).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await send(report(), '10.0.0.10')).statusCode).toBe(201);
  });

  it('keeps the list for the admin only', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/api/admin/event-reports' })).statusCode).toBe(401);
    const member = await registerMember(test.app);
    const response = await test.app.inject({ method: 'GET', url: '/api/admin/event-reports', headers: { cookie: member.cookie } });
    expect(response.statusCode).toBe(403);
  });
});
