import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../testing/test-app';
import { registerAdmin, registerMember, type TestMember } from '../../platform/testing/members';

describe('the bonus amount setting (spec §7 Consts/public_amounts)', () => {
  const test = setUpTestApp();
  let admin: TestMember;
  beforeAll(async () => {
    admin = await registerAdmin(test.app, test.database);
  });

  const publicAmounts = () => test.app.inject({ method: 'GET', url: '/api/consts/public-amounts' });
  const save = (payload: unknown, cookie = admin.cookie) =>
    test.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { cookie }, payload: payload as object });

  it('is 5 € until the admin changes it, for everyone to read', async () => {
    const response = await publicAmounts();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ bonusAmount: 5 });
    const settings = await test.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { cookie: admin.cookie } });
    expect(settings.json()).toEqual({ bonusAmount: 5 });
  });

  it('changes when the admin saves it', async () => {
    const saved = await save({ bonusAmount: 7.5 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ bonusAmount: 7.5 });
    expect((await publicAmounts()).json()).toEqual({ bonusAmount: 7.5 });
    expect((await save({ bonusAmount: 0 })).json()).toEqual({ bonusAmount: 0 });
    expect((await publicAmounts()).json()).toEqual({ bonusAmount: 0 });
  });

  it('refuses amounts outside 0 to 1000 €, or finer than cents', async () => {
    await save({ bonusAmount: 10 });
    for (const bonusAmount of [-1, 1000.01, 5.555]) {
      const response = await save({ bonusAmount });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'settings/invalid-bonus-amount',
        message: 'Le montant du bonus doit être compris entre 0 et 1000 € 🙁',
      });
    }
    for (const payload of [{ bonusAmount: '5' }, {}, { bonusAmount: 5, other: 1 }]) {
      expect((await save(payload)).json().error.code).toBe('http/bad-request');
    }
    expect((await publicAmounts()).json()).toEqual({ bonusAmount: 10 });
  });

  it('is for admins to change', async () => {
    const member = await registerMember(test.app);
    expect((await save({ bonusAmount: 50 }, member.cookie)).statusCode).toBe(403);
    expect((await test.app.inject({ method: 'PUT', url: '/api/admin/settings', payload: { bonusAmount: 50 } })).statusCode).toBe(
      401,
    );
    expect(
      (await test.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { cookie: member.cookie } })).statusCode,
    ).toBe(403);
  });

  it('falls back to the default when the stored value is damaged', async () => {
    await test.database.db
      .updateTable('settings')
      .set({ value: JSON.stringify({ bonusAmount: 'beaucoup' }) })
      .where('key', '=', 'public_amounts')
      .execute();
    expect((await publicAmounts()).json()).toEqual({ bonusAmount: 5 });
  });
});
