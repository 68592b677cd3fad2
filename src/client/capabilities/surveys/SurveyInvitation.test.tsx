// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEA, renderPage, stubApi } from '../../platform/testing/render';
import { SurveyInvitation } from './SurveyInvitation';

beforeEach(() => {
  document.cookie = 'unissons_signed_in=1; path=/';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderInvitation(user: typeof LEA) {
  stubApi({ 'GET /api/auth/me': { status: 200, body: user } });
  renderPage(<SurveyInvitation />);
  return screen.findByRole('region', { name: 'Ton avis sur CalShare' });
}

describe("the account page's survey invitation (spec §4: who may answer which)", () => {
  it('leads a member with no trip yet to pre-use', async () => {
    const region = await renderInvitation(LEA);
    const link = within(region).getByRole('link', { name: 'Répondre au questionnaire avant utilisation' });
    expect(link.getAttribute('href')).toBe('/calshare/surveys/pre-use');
  });

  it('leads a member who made a trip to post-use, whether or not they answered pre-use', async () => {
    const region = await renderInvitation({ ...LEA, pastTrips: ['trajet-1'], surveys: { 'pre-use': true } });
    const link = within(region).getByRole('link', { name: 'Répondre au questionnaire après utilisation' });
    expect(link.getAttribute('href')).toBe('/calshare/surveys/post-use');
  });

  it('thanks a member who answered the survey open to them, and says what comes after a first trip', async () => {
    const region = await renderInvitation({ ...LEA, surveys: { 'pre-use': true } });
    expect(region.textContent).toContain('Tu as répondu au questionnaire avant utilisation. Merci !');
    expect(region.textContent).toContain("Après ton premier trajet, le questionnaire après utilisation s'ouvrira pour toi");
    expect(within(region).queryByRole('link')).toBeNull();
  });

  it('thanks a traveller who answered post-use, with nothing more to answer', async () => {
    const region = await renderInvitation({ ...LEA, pastTrips: ['trajet-1'], surveys: { 'post-use': true } });
    expect(region.textContent).toContain('Tu as répondu au questionnaire après utilisation. Merci !');
    expect(region.textContent).not.toContain('Après ton premier trajet');
    expect(within(region).queryByRole('link')).toBeNull();
  });
});
