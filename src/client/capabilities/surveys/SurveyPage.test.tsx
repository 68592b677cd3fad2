// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, LEA, renderPage, SIGNED_OUT, stubApi } from '../../platform/testing/render';
import { SurveyPage } from './SurveyPage';

// The readable hint the server sets beside the session cookie: the page then asks who is signed in.
beforeEach(() => {
  document.cookie = 'unissons_signed_in=1; path=/';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PRE_USE_PATH = '/calshare/surveys/pre-use';
const POST_USE_PATH = '/calshare/surveys/post-use';
const TRAVELLER = { ...LEA, pastTrips: ['trajet-1'] };

function renderSurvey(surveyId: 'pre-use' | 'post-use') {
  return renderPage(<SurveyPage surveyId={surveyId} />, { path: surveyId === 'pre-use' ? PRE_USE_PATH : POST_USE_PATH });
}

const group = (name: RegExp | string) => screen.getByRole('group', { name });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));

function answerPreUse() {
  fireEvent.click(within(group(/entendu parler/)).getByLabelText('Instagram'));
  fireEvent.click(within(group(/quelles raisons/)).getByLabelText('Partager les frais de route'));
  fireEvent.click(within(group(/te freiner/)).getByLabelText('Le prix du trajet'));
  fireEvent.change(screen.getByLabelText(/Qu'attends-tu/), { target: { value: '  Des trajets pour les matchs  ' } });
}

describe('the survey pages (spec §2, §4, §5)', () => {
  it('refuses pre-use to a member who has made a trip, and points to post-use', async () => {
    stubApi({ 'GET /api/auth/me': { status: 200, body: TRAVELLER } });
    renderSurvey('pre-use');
    expect(
      await screen.findByText("Ce questionnaire est réservé aux membres n'ayant pas encore effectué de trajets."),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'questionnaire après utilisation' }).getAttribute('href')).toBe(POST_USE_PATH);
    expect(screen.queryByRole('button', { name: 'Envoyer' })).toBeNull();
  });

  it('refuses post-use to a member without a trip', async () => {
    stubApi({ 'GET /api/auth/me': { status: 200, body: LEA } });
    renderSurvey('post-use');
    expect(await screen.findByText('Ce questionnaire est réservé aux membres ayant déjà effectué un trajet.')).toBeTruthy();
  });

  it('shows an answered survey as submitted, with the way home', async () => {
    stubApi({ 'GET /api/auth/me': { status: 200, body: { ...LEA, surveys: { 'pre-use': true } } } });
    renderSurvey('pre-use');
    expect(await screen.findByRole('heading', { name: 'Tu as déjà répondu à ce questionnaire' })).toBeTruthy();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" }).getAttribute('href')).toBe('/calshare');
  });

  it('says the survey is anonymous, why a login, what * means, and the bonus from the database', async () => {
    stubApi({
      'GET /api/auth/me': { status: 200, body: LEA },
      'GET /api/consts/public-amounts': { status: 200, body: { bonusAmount: 7.5 } },
    });
    renderSurvey('pre-use');
    expect(await screen.findByText(/Ce questionnaire est anonyme/)).toBeTruthy();
    expect(screen.getByText(/La connexion sert uniquement à éviter les réponses multiples/)).toBeTruthy();
    expect(screen.getByText(/sont obligatoires/).textContent).toContain('*');
    const bonus = await screen.findByText(/un bonus de 7,50/);
    expect(bonus.closest('p')?.textContent).toMatch(/premier trajet en tant que passager/);
    // Every question is mandatory: '*' for the eye, "obligatoire" for the ear.
    expect(group(/entendu parler/).textContent).toContain('*');
    expect(screen.getByRole('group', { name: /entendu parler.*\(obligatoire\)/ })).toBeTruthy();
    expect(screen.getByLabelText(/Qu'attends-tu/).getAttribute('aria-required')).toBe('true');
  });

  it('shows the bonus sentence while its amount loads, so the form below does not move when it arrives', async () => {
    const { fetchMock } = stubApi({
      'GET /api/auth/me': { status: 200, body: LEA },
      'GET /api/consts/public-amounts': { status: 200, body: { bonusAmount: 7.5 } },
    });
    const answer = fetchMock.getMockImplementation()!;
    let releaseAmount = () => {};
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/consts/public-amounts') await new Promise<void>((resolve) => (releaseAmount = resolve));
      return answer(input, init);
    });
    renderSurvey('pre-use');
    const waiting = await screen.findByText(/t'attend sur ton premier trajet en tant que passager/);
    expect(waiting.textContent).toMatch(/^Pour te remercier, un bonus de 5\s€ t'attend/);
    expect(waiting.querySelector('[aria-hidden="true"]')?.textContent).toMatch(/^5\s€$/);
    releaseAmount();
    expect((await screen.findByText(/un bonus de 7,50/)).closest('p')?.textContent).toMatch(/t'attend sur ton premier trajet/);
  });

  it('sends nothing while answers are missing, and lists them', async () => {
    const { calls } = stubApi({
      'GET /api/auth/me': { status: 200, body: LEA },
      'GET /api/consts/public-amounts': { status: 200, body: { bonusAmount: 5 } },
    });
    renderSurvey('pre-use');
    await screen.findByRole('button', { name: 'Envoyer' });
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Des réponses sont manquantes !');
    expect(within(alert).getAllByRole('link', { name: /^Question \d/ })).toHaveLength(4);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.click(within(alert).getByRole('link', { name: /Question 2/ }));
    expect(document.activeElement).toBe(group(/quelles raisons/));
    expect(group(/quelles raisons/).getAttribute('aria-describedby')).toBeTruthy();
    // Answering clears that question's problem at once.
    answerPreUse();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("asks 'Quelle autre raison ?' when 'Autre' is chosen, then sends the answers as stored", async () => {
    const { calls } = stubApi({
      'GET /api/auth/me': { status: 200, body: LEA },
      'GET /api/consts/public-amounts': { status: 200, body: { bonusAmount: 5 } },
      'POST /api/fn/users-submitSurvey': { status: 200, body: { data: { surveys: { 'pre-use': true } } } },
    });
    renderSurvey('pre-use');
    await screen.findByRole('button', { name: 'Envoyer' });
    answerPreUse();
    expect(screen.queryByLabelText(/Quelle autre raison/)).toBeNull();
    fireEvent.click(within(group(/quelles raisons/)).getByLabelText('Autre'));
    const followUp = screen.getByLabelText(/Quelle autre raison/);
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain('Des réponses sont manquantes !');
    expect(screen.getByText('Précise ta réponse juste en dessous.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(followUp, { target: { value: 'Covoiturer avec mon club' } });
    submit();
    expect(await screen.findByRole('heading', { name: 'Merci pour tes réponses !' })).toBeTruthy();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" }).getAttribute('href')).toBe('/calshare');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      surveyId: 'pre-use',
      userId: LEA.uuid,
      responses: {
        heard: ['Instagram'],
        reasons: { value: ['Partager les frais de route', 'Autre'], subValue: 'Covoiturer avec mon club' },
        'wont-use': { value: ['Le prix du trajet'] },
        expectations: 'Des trajets pour les matchs',
      },
    });
    // The account is read again so its surveys map knows.
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/auth/me')).toHaveLength(2));
  });

  it.each([
    [apiError(409, 'surveys/already-answered', 'Tu as déjà répondu à ce sondage !'), 'Tu as déjà répondu à ce sondage !'],
    [apiError(400, 'surveys/missing-fields', 'Des réponses sont manquantes !'), 'Des réponses sont manquantes !'],
    [SIGNED_OUT, 'Connecte-toi pour répondre aux sondages'],
    [apiError(500, 'http/internal', 'Oups'), 'Une erreur est survenue, essaye à nouveau ou contacte nous !'],
  ])('maps a failed send to the spec §8 text (%#)', async (reply, text) => {
    stubApi({
      'GET /api/auth/me': { status: 200, body: LEA },
      'GET /api/consts/public-amounts': { status: 200, body: { bonusAmount: 5 } },
      'POST /api/fn/users-submitSurvey': reply,
    });
    renderSurvey('pre-use');
    await screen.findByRole('button', { name: 'Envoyer' });
    answerPreUse();
    submit();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(text)).toBeTruthy();
    // Nothing typed is lost.
    expect((screen.getByLabelText(/Qu'attends-tu/) as HTMLTextAreaElement).value).toBe('  Des trajets pour les matchs  ');
    expect(screen.getByRole('button', { name: 'Envoyer' }).getAttribute('aria-busy')).toBeNull();
  });

  it('answers post-use with stars, yes-no and their follow-ups', async () => {
    const { calls } = stubApi({
      'GET /api/auth/me': { status: 200, body: TRAVELLER },
      'POST /api/fn/users-submitSurvey': { status: 200, body: { data: { surveys: { 'post-use': true } } } },
    });
    renderSurvey('post-use');
    await screen.findByRole('button', { name: 'Envoyer' });
    expect(screen.queryByText(/bonus/)).toBeNull();
    const rating = group(/note donnes-tu/);
    expect(within(rating).getAllByRole('radio')).toHaveLength(11);
    fireEvent.click(within(rating).getByLabelText('3,5 sur 5'));
    expect(rating.textContent).toContain('3,5 sur 5');

    fireEvent.click(within(group(/répondu à tes attentes/)).getByLabelText('Non'));
    fireEvent.change(screen.getByLabelText(/Qu'est-ce qui t'a manqué/), { target: { value: 'Plus de trajets' } });
    fireEvent.click(within(group(/trouvé l'application utile/)).getByLabelText('Oui'));
    fireEvent.change(screen.getByLabelText(/amélioration/), { target: { value: 'Une carte' } });
    fireEvent.click(within(group(/autour de toi/)).getByLabelText('Non'));
    expect(screen.getByLabelText(/Pourquoi pas/)).toBeTruthy();
    fireEvent.click(within(group(/autour de toi/)).getByLabelText('Oui'));
    expect(screen.queryByLabelText(/Pourquoi pas/)).toBeNull();
    submit();
    expect(await screen.findByRole('heading', { name: 'Merci pour tes réponses !' })).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      surveyId: 'post-use',
      userId: LEA.uuid,
      responses: {
        'experience-rating': 3.5,
        expectations: { value: false, subValue: 'Plus de trajets' },
        useful: true,
        suggestion: 'Une carte',
        'word-of-mouth': { value: true },
      },
    });
  });
});
