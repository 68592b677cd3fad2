import { describe, expect, it } from 'vitest';
import { registerMember, sessionCookie } from '../../platform/testing/members';
import { setUpTestApp } from '../../testing/test-app';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const NEW_BROWSER = 'Nouvelle connexion à ton compte';

describe('the member’s sessions', () => {
  const test = setUpTestApp();

  const login = (email: string, password: string, headers: Record<string, string>) =>
    test.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers });
  const browserCookie = (response: Awaited<ReturnType<typeof login>>) => {
    const cookie = response.cookies.find((entry) => entry.name === 'unissons_browser')!;
    return `${cookie.name}=${cookie.value}`;
  };

  it('mails a sign-in from a browser the account never used, once per browser', async () => {
    const member = await registerMember(test.app);
    const firefox = await login(member.email, member.password, { 'user-agent': FIREFOX });
    const mail = await test.mailbox.waitFor(member.email, (message) => message.parsed.subject === NEW_BROWSER);
    expect(mail.parsed.text).toContain("vient d'être ouvert depuis un navigateur qu'il ne connaissait pas : Firefox 133, Linux, le ");
    expect(mail.parsed.text).toContain('http://localhost:3000/account#sessions');
    await login(member.email, member.password, { 'user-agent': FIREFOX, cookie: browserCookie(firefox) });
    await login(member.email, member.password, { 'user-agent': IPHONE });
    await expect.poll(() => test.mailbox.messages.filter((message) => message.recipients.includes(member.email) && message.parsed.subject === NEW_BROWSER).length).toBe(2);
  });

  it('lists them with their browser, this one first, and ends one or all the others', async () => {
    const member = await registerMember(test.app);
    const phone = sessionCookie(await login(member.email, member.password, { 'user-agent': IPHONE }));
    const laptop = sessionCookie(await login(member.email, member.password, { 'user-agent': FIREFOX }));
    const list = async (cookie: string) => (await test.app.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie } })).json().sessions;
    const seen = await list(laptop);
    expect(seen).toHaveLength(3);
    expect(seen[0]).toMatchObject({ browser: 'Firefox 133', device: 'Linux', current: true });
    expect(seen.filter((session: { current: boolean }) => session.current)).toHaveLength(1);
    const onPhone = seen.find((session: { browser: string }) => session.browser === 'Safari 17');
    expect(onPhone).toMatchObject({ device: 'iPhone (iOS 17.4)', current: false });

    const stranger = await registerMember(test.app);
    expect((await test.app.inject({ method: 'DELETE', url: `/api/account/sessions/${onPhone.id}`, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
    expect((await test.app.inject({ method: 'DELETE', url: `/api/account/sessions/${onPhone.id}`, headers: { cookie: laptop } })).statusCode).toBe(204);
    expect((await test.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: phone } })).statusCode).toBe(401);

    expect((await test.app.inject({ method: 'DELETE', url: '/api/account/sessions', headers: { cookie: laptop } })).statusCode).toBe(204);
    expect((await test.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: member.cookie } })).statusCode).toBe(401);
    expect(await list(laptop)).toEqual([expect.objectContaining({ current: true, browser: 'Firefox 133' })]);
  });
});
