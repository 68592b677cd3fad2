// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemberTrips, PublicAmounts, SurveyResultsResponse } from '../../../shared/surveys';
import { apiError, LEA, renderPage, stubApi } from '../../platform/testing/render';
import { AdminSettings } from '../settings/AdminSettings';
import { AdminSurveys } from './AdminSurveys';

// The readable hint the server sets beside the session cookie: the page then asks who is signed in.
beforeEach(() => {
  document.cookie = 'unissons_signed_in=1; path=/';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ADMIN = { ...LEA, roles: ['admin'] };

const attentes = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => `Attente n°${from + index}`);

const RESULTS: SurveyResultsResponse = {
  surveys: [
    {
      id: 'pre-use',
      title: 'Questionnaire avant utilisation',
      answers: 4,
      questions: [
        {
          id: 'heard',
          type: 'multiple-choices',
          description: "Comment as-tu entendu parler de l'application ?",
          answered: 4,
          followUps: { total: 0, texts: [], next: null },
          counts: [
            { label: 'Instagram', count: 3 },
            { label: 'TikTok', count: 1 },
          ],
        },
        {
          id: 'expectations',
          type: 'text',
          description: "Qu'attends-tu de l'application ?",
          answered: 30,
          followUps: { total: 0, texts: [], next: null },
          texts: { total: 30, texts: attentes(1, 8), next: '2026-11-20_page-1' },
        },
      ],
    },
    {
      id: 'post-use',
      title: 'Questionnaire après utilisation',
      answers: 2,
      questions: [
        {
          id: 'experience-rating',
          type: 'rating',
          description: 'Quelle note ?',
          answered: 2,
          followUps: { total: 0, texts: [], next: null },
          mean: 3.75,
          counts: [
            { label: '3', count: 1 },
            { label: '4,5', count: 1 },
          ],
        },
        {
          id: 'expectations',
          type: 'yes-no',
          description: 'Attentes ?',
          answered: 2,
          followUps: { total: 1, texts: ['Plus de trajets'], next: null },
          followUpDescription: "Qu'est-ce qui t'a manqué ?",
          counts: [
            { label: 'Oui', count: 1 },
            { label: 'Non', count: 1 },
          ],
        },
      ],
    },
  ],
};

describe('AdminSurveys', () => {
  it('shows each survey: answers, distributions, mean rating, free texts, follow-ups and the CSV export', async () => {
    stubApi({ 'GET /api/auth/me': { status: 200, body: ADMIN }, 'GET /api/admin/surveys': { status: 200, body: RESULTS } });
    renderPage(<AdminSurveys />, { path: '/admin/surveys' });
    const preUse = await screen.findByRole('region', { name: 'Questionnaire avant utilisation' });
    expect(within(preUse).getByText('4 réponses', { selector: '.survey-results__count' })).toBeTruthy();
    const heard = within(preUse).getAllByRole('list')[1];
    expect(heard.textContent).toContain('Instagram3 (75 %)'.replace(' %', '\u00a0%'));
    expect(
      within(preUse).getByRole('link', { name: 'Exporter en CSV : Questionnaire avant utilisation' }).getAttribute('href'),
    ).toBe('/api/admin/surveys/pre-use/export.csv');

    expect(within(preUse).getByRole('heading', { name: 'Réponses (30)' })).toBeTruthy();
    expect(within(preUse).getByText('Attente n°8')).toBeTruthy();
    expect(within(preUse).getByText('8 affichées sur 30')).toBeTruthy();

    const postUse = screen.getByRole('region', { name: 'Questionnaire après utilisation' });
    expect(within(postUse).getByText('3,8 / 5')).toBeTruthy();
    expect(within(postUse).getByRole('heading', { name: /^Précisions « Qu'est-ce qui t'a manqué\s\? » \(1\)$/ })).toBeTruthy();
    expect(within(postUse).getByText('Plus de trajets')).toBeTruthy();
  });

  it('shows the free texts a page at a time with “Voir plus”, then reads on from the first text added', async () => {
    const { calls } = stubApi({
      'GET /api/auth/me': { status: 200, body: ADMIN },
      'GET /api/admin/surveys': { status: 200, body: RESULTS },
      'GET /api/admin/surveys/pre-use/texts?question=expectations&list=answers&after=2026-11-20_page-1': {
        status: 200,
        body: { texts: attentes(9, 28), next: '2026-11-19_page-2' },
      },
      'GET /api/admin/surveys/pre-use/texts?question=expectations&list=answers&after=2026-11-19_page-2': {
        status: 200,
        body: { texts: attentes(29, 30), next: null },
      },
    });
    renderPage(<AdminSurveys />, { path: '/admin/surveys' });
    const preUse = await screen.findByRole('region', { name: 'Questionnaire avant utilisation' });
    const texts = () => within(preUse).getAllByText(/^Attente n°\d+$/).map((item) => item.textContent);
    expect(texts()).toEqual(attentes(1, 8));
    expect(within(preUse).queryByText('Attente n°9')).toBeNull();

    const more = within(preUse).getByRole('button', { name: "Voir plus : Qu'attends-tu de l'application\u00a0?" });
    expect(more.getAttribute('aria-controls')).toBe(within(preUse).getByText('Attente n°1').closest('ul')!.id);
    fireEvent.click(more);
    await waitFor(() => expect(texts()).toEqual(attentes(1, 28)));
    // The focus moves once the added texts are painted: waited for, not read at once.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Attente n°9'));
    expect(within(preUse).getByText('28 affichées sur 30')).toBeTruthy();

    fireEvent.click(within(preUse).getByRole('button', { name: /^Voir plus/ }));
    await waitFor(() => expect(texts()).toEqual(attentes(1, 30)));
    // The last page: no more button, and focus is not lost with it.
    expect(within(preUse).queryByRole('button', { name: /^Voir plus/ })).toBeNull();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Attente n°29'));
    expect(calls.filter((call) => call.path.includes('/texts?')).map((call) => call.path)).toHaveLength(2);
  });

  it('says when the next texts cannot be loaded, and lets the admin try again', async () => {
    let failures = 1;
    stubApi({
      'GET /api/auth/me': { status: 200, body: ADMIN },
      'GET /api/admin/surveys': { status: 200, body: RESULTS },
      'GET /api/admin/surveys/pre-use/texts?question=expectations&list=answers&after=2026-11-20_page-1': () =>
        failures-- > 0
          ? apiError(500, 'http/internal', 'Une erreur est survenue, essaye à nouveau ou contacte nous !')
          : { status: 200, body: { texts: attentes(9, 30), next: null } },
    });
    renderPage(<AdminSurveys />, { path: '/admin/surveys' });
    const preUse = await screen.findByRole('region', { name: 'Questionnaire avant utilisation' });
    fireEvent.click(within(preUse).getByRole('button', { name: /^Voir plus/ }));
    expect((await within(preUse).findByRole('alert')).textContent).toContain('Une erreur est survenue');
    expect(within(preUse).queryByText('Attente n°9')).toBeNull();
    fireEvent.click(within(preUse).getByRole('button', { name: /^Voir plus/ }));
    await within(preUse).findByText('Attente n°30');
    expect(within(preUse).queryByRole('alert')).toBeNull();
  });

  it('finds a member by e-mail and marks or removes a trip', async () => {
    let member: MemberTrips = {
      uuid: 'u1',
      username: 'lea93',
      email: 'lea@example.fr',
      pastTrips: [],
      surveys: { 'pre-use': true },
    };
    const { calls } = stubApi({
      'GET /api/auth/me': { status: 200, body: ADMIN },
      'GET /api/admin/surveys': { status: 200, body: RESULTS },
      'GET /api/admin/past-trips?email=lea%40example.fr': () => ({ status: 200, body: member }),
      'GET /api/admin/past-trips?email=personne%40example.fr': apiError(404, 'users/no-user-found', 'Aucun compte trouvé'),
      'POST /api/admin/past-trips': () => {
        member = { ...member, pastTrips: [...member.pastTrips, 'manuel-1'] };
        return { status: 200, body: member };
      },
      'DELETE /api/admin/past-trips/last': () => {
        member = { ...member, pastTrips: member.pastTrips.slice(0, -1) };
        return { status: 200, body: member };
      },
    });
    renderPage(<AdminSurveys />, { path: '/admin/surveys' });
    const tool = await screen.findByRole('region', { name: 'Trajets effectués' });
    const email = within(tool).getByLabelText('Adresse mail du membre');

    fireEvent.change(email, { target: { value: 'personne@example.fr' } });
    fireEvent.click(within(tool).getByRole('button', { name: 'Rechercher' }));
    expect(await within(tool).findByText('Aucun compte trouvé')).toBeTruthy();

    fireEvent.change(email, { target: { value: ' Lea@Example.fr ' } });
    fireEvent.click(within(tool).getByRole('button', { name: 'Rechercher' }));
    expect(await within(tool).findByText(/Aucun trajet enregistré · a répondu : Questionnaire avant utilisation/)).toBeTruthy();
    expect(within(tool).getByRole('button', { name: 'Retirer le dernier trajet' }).getAttribute('aria-disabled')).toBe('true');

    fireEvent.click(within(tool).getByRole('button', { name: 'Marquer « a fait un trajet »' }));
    expect(await within(tool).findByText('Trajet enregistré pour lea93.')).toBeTruthy();
    expect(within(tool).getByText(/1 trajet enregistré/)).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ email: 'lea@example.fr' });

    fireEvent.click(within(tool).getByRole('button', { name: 'Retirer le dernier trajet' }));
    expect(await within(tool).findByText('Dernier trajet retiré pour lea93.')).toBeTruthy();
    await waitFor(() => expect(within(tool).getByText(/Aucun trajet enregistré/)).toBeTruthy());
  });

  it('says why the results cannot be shown', async () => {
    stubApi({
      'GET /api/auth/me': { status: 200, body: ADMIN },
      'GET /api/admin/surveys': apiError(500, 'http/internal', 'Une erreur est survenue, essaye à nouveau ou contacte nous !'),
    });
    renderPage(<AdminSurveys />, { path: '/admin/surveys' });
    expect((await screen.findByRole('alert')).textContent).toContain('Une erreur est survenue');
  });
});

describe('AdminSettings', () => {
  it('changes the bonus amount, written the French way', async () => {
    const { calls } = stubApi({
      'GET /api/auth/me': { status: 200, body: ADMIN },
      'GET /api/admin/settings': { status: 200, body: { bonusAmount: 5 } },
      'PUT /api/admin/settings': ({ body }) => ({ status: 200, body: body as PublicAmounts }),
    });
    renderPage(<AdminSettings />, { path: '/admin/settings' });
    const field = (await screen.findByLabelText('Montant du bonus (en €)')) as HTMLInputElement;
    expect(field.value).toBe('5');
    const save = screen.getByRole('button', { name: 'Enregistrer' });

    fireEvent.change(field, { target: { value: '2000' } });
    expect(screen.getByText(/Indique un montant entre 0 et 1000/)).toBeTruthy();
    expect(save.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(save);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(field, { target: { value: '7,50' } });
    fireEvent.click(save);
    expect(await screen.findByText(/^Le bonus est maintenant de 7,50\s€\.$/)).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ bonusAmount: 7.5 });
    expect(field.value).toBe('7,50');
  });
});
