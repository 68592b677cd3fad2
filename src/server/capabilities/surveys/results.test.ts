import { brotliDecompressSync } from 'node:zlib';
import { CompiledQuery, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  formatDecimal,
  RATING_VALUES,
  splitAnswer,
  SURVEYS,
  type BaseAnswer,
  type Survey,
  type SurveyQuestion,
  type SurveyResponses,
  type TextAnswersPage,
  type TextList,
} from '../../../shared/surveys';
import { registerAdmin, registerMember, type TestMember } from '../../platform/testing/members';
import { setUpTestApp } from '../../testing/test-app';
import { surveyCsvChunks, surveyCsvHeader, surveyCsvRow } from './csv';
import { NO_LABEL, SurveyResultsReader, YES_LABEL } from './results';
import { FIRST_TEXTS, MORE_TEXTS } from './text-pages';

/**
 * The results as the server computed them before they were tallied in SQL, every answer in memory: kept here
 * as the reference the SQL tally must match. `rows` come newest first.
 */
function referenceSummary(survey: Survey, rows: readonly SurveyResponses[]) {
  function countLabels(listed: readonly string[], given: string[]) {
    const counts = new Map<string, number>(listed.map((label) => [label, 0]));
    for (const label of given) counts.set(label, (counts.get(label) ?? 0) + 1);
    return [...counts].map(([label, count]) => ({ label, count }));
  }
  function summariseQuestion(question: SurveyQuestion, answers: BaseAnswer[], followUps: string[]) {
    const base = { id: question.id, answered: answers.length, followUps };
    switch (question.type) {
      case 'text':
        return { ...base, texts: answers.filter((answer): answer is string => typeof answer === 'string') };
      case 'yes-no': {
        const labels = answers.filter((answer) => typeof answer === 'boolean').map((answer) => (answer ? YES_LABEL : NO_LABEL));
        return { ...base, counts: countLabels([YES_LABEL, NO_LABEL], labels) };
      }
      case 'rating': {
        const ratings = answers.filter((answer): answer is number => typeof answer === 'number');
        const mean = ratings.length > 0 ? ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length : null;
        return { ...base, mean, counts: countLabels(RATING_VALUES.map(formatDecimal), ratings.map(formatDecimal)) };
      }
      case 'single-choice':
      case 'multiple-choices': {
        const chosen = answers.flatMap((answer) => (Array.isArray(answer) ? answer : typeof answer === 'string' ? [answer] : []));
        return { ...base, counts: countLabels(question.choices, chosen) };
      }
    }
  }
  return {
    answers: rows.length,
    questions: survey.questions.map((question) => {
      const answers: BaseAnswer[] = [];
      const followUps: string[] = [];
      for (const responses of rows) {
        const { value, subValue } = splitAnswer(responses[question.id]);
        if (value !== undefined) answers.push(value);
        if (typeof subValue === 'string' && subValue !== '') followUps.push(subValue);
      }
      return summariseQuestion(question, answers, followUps);
    }),
  };
}

/** A fixed pseudo-random sequence: the same data set on every run. */
function sequence(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
}

function pick<T>(random: (n: number) => number, items: readonly T[]): T {
  return items[random(items.length)];
}

function someOf(random: (n: number) => number, items: readonly string[]): string[] {
  const chosen = items.filter(() => random(3) === 0);
  return chosen.length > 0 ? chosen : [pick(random, items)];
}

/**
 * Answers of both surveys as the form sends them, with what older answers may hold too: an
 * option renamed since ('Facebook'), an empty follow-up, texts with quotes and line breaks.
 */
type StoredAnswer = { surveyId: 'pre-use' | 'post-use'; responses: SurveyResponses };

function fixedAnswers(count: number): StoredAnswer[] {
  const random = sequence(21);
  const [heard, reasons, wontUse] = SURVEYS['pre-use'].questions.map((question) => ('choices' in question ? question.choices : []));
  return Array.from({ length: count }, (_, index): StoredAnswer => {
    if (index % 3 === 2) {
      const expectationsMet = random(2) === 0;
      const told = random(4) > 0;
      return {
        surveyId: 'post-use',
        responses: {
          'experience-rating': RATING_VALUES[random(RATING_VALUES.length)],
          expectations: expectationsMet ? { value: true } : { value: false, subValue: `Pas assez de trajets n°${index}` },
          useful: random(2) === 0,
          suggestion: `Suggestion « ${index} »\nsur deux lignes`,
          'word-of-mouth': told ? { value: true } : { value: false, subValue: index % 5 === 0 ? '' : `Je préfère me taire (${index})` },
        },
      };
    }
    const reasonsChosen = someOf(random, reasons);
    const wontUseChosen = someOf(random, wontUse);
    return {
      surveyId: 'pre-use',
      responses: {
        heard: index % 17 === 0 ? ['Facebook', 'Instagram'] : someOf(random, heard),
        reasons: reasonsChosen.includes('Autre') ? { value: reasonsChosen, subValue: `Une raison "${index}"` } : { value: reasonsChosen },
        'wont-use': wontUseChosen.includes('Autre') ? { value: wontUseChosen, subValue: `Un frein ; n°${index}` } : { value: wontUseChosen },
        expectations: `Attente n°${index}`,
      },
    };
  });
}

const ANSWERS = fixedAnswers(240);

describe('survey results computed in SQL', () => {
  const test = setUpTestApp();
  let admin: TestMember;
  let today: string;

  /** Answers stored as the submit stores them, dated `daysAgo` days before the database's today. */
  async function store(answers: { surveyId: string; responses: SurveyResponses }[], daysAgo: (index: number) => number) {
    for (let start = 0; start < answers.length; start += 100) {
      const values = answers
        .slice(start, start + 100)
        .map(
          ({ surveyId, responses }, index) =>
            sql`(${surveyId}, ${JSON.stringify(responses)}::jsonb, current_date - ${daysAgo(start + index)}::int)`,
        );
      await sql`insert into survey_answers (survey_id, responses, answered_on) values ${sql.join(values)}`.execute(test.database.db);
    }
  }

  /** What the old code read: every answer, newest day first (then by id, the pages' order). */
  async function storedResponses(surveyId: string) {
    const rows = await test.database.db
      .selectFrom('survey_answers')
      .select(['responses', 'id', sql<string>`to_char(answered_on, 'YYYY-MM-DD')`.as('day')])
      .where('survey_id', '=', surveyId)
      .orderBy('answered_on', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows;
  }

  /** Every text of a list, following the 'Voir plus' pages from the first one. */
  async function allTexts(first: TextAnswersPage, surveyId: string, question: string, list: TextList) {
    const texts = [...first.texts];
    let next = first.next;
    let pages = 1;
    while (next) {
      const response = await test.app.inject({
        method: 'GET',
        url: `/api/admin/surveys/${surveyId}/texts?question=${question}&list=${list}&after=${encodeURIComponent(next)}`,
        headers: { cookie: admin.cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json() as TextAnswersPage;
      expect(page.texts.length).toBeLessThanOrEqual(MORE_TEXTS);
      if (page.next) expect(page.texts).toHaveLength(MORE_TEXTS);
      texts.push(...page.texts);
      next = page.next;
      pages += 1;
    }
    return { texts, pages };
  }

  beforeAll(async () => {
    admin = await registerAdmin(test.app, test.database);
    today = (await sql<{ today: string }>`select current_date::text as today`.execute(test.database.db)).rows[0].today;
    // Many answers a day, so that pages end and start inside a day; today and yesterday too.
    await store(ANSWERS, (index) => index % 12);
  });

  it('gives the counts, means and texts the in-memory computation gave, on a fixed data set', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/admin/surveys', headers: { cookie: admin.cookie } });
    expect(response.statusCode).toBe(200);
    for (const results of response.json().surveys) {
      const survey = SURVEYS[results.id as 'pre-use' | 'post-use'];
      const rows = await storedResponses(survey.id);
      const expected = referenceSummary(
        survey,
        rows.map((row) => row.responses),
      );
      expect(results.answers).toBe(expected.answers);
      expect(expected.answers).toBeGreaterThan(50);
      for (const [index, question] of results.questions.entries()) {
        const reference = expected.questions[index];
        expect(question.id).toBe(reference.id);
        expect(question.answered, question.id).toBe(reference.answered);
        if ('counts' in reference) expect(question.counts, question.id).toEqual(reference.counts);
        if ('mean' in reference) expect(question.mean, question.id).toBe(reference.mean);
        expect(question.followUps.total, question.id).toBe(reference.followUps.length);
        expect((await allTexts(question.followUps, survey.id, question.id, 'follow-ups')).texts, question.id).toEqual(reference.followUps);
        if ('texts' in reference) {
          expect(question.texts.total).toBe(reference.texts.length);
          expect(question.texts.texts).toHaveLength(FIRST_TEXTS);
          const { texts, pages } = await allTexts(question.texts, survey.id, question.id, 'answers');
          // Every text once, newest first, none lost or repeated between pages.
          expect(texts).toEqual(reference.texts);
          expect(pages).toBe(1 + Math.ceil((reference.texts.length - FIRST_TEXTS) / MORE_TEXTS));
        }
      }
    }
    // The renamed option is still counted, after the listed ones.
    const heard = response.json().surveys[0].questions[0];
    expect(heard.counts.at(-1)).toEqual({ label: 'Facebook', count: ANSWERS.filter((answer) => Array.isArray(answer.responses.heard) && answer.responses.heard.includes('Facebook')).length });
  });

  it('counts the settled days once, then only the last two days, and stays exact as answers come', async () => {
    const survey = SURVEYS['post-use'];
    let queries = 0;
    const db = test.database.db.withPlugin({
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async ({ result }) => result,
    });
    const reader = new SurveyResultsReader(db, { freshForMs: 0 });
    const [before] = await reader.results([survey]);
    const readsOfAll = queries;
    queries = 0;
    expect(await reader.results([survey])).toEqual([before]);
    // The settled days are not counted again (their statement, and the statistics' refresh).
    expect(queries).toBe(readsOfAll - 2);

    // An answer today and one that began yesterday and committed after the first reading.
    const late = [
      { surveyId: 'post-use', responses: { 'experience-rating': 5, expectations: { value: true }, useful: true, suggestion: 'Arrivée tardive', 'word-of-mouth': { value: true } } },
      { surveyId: 'post-use', responses: { 'experience-rating': 0.5, expectations: { value: false, subValue: 'Hier soir' }, useful: false, suggestion: 'Juste avant minuit', 'word-of-mouth': { value: true } } },
    ];
    await store(late, (index) => index);
    const [after] = await reader.results([survey]);
    const [fresh] = await new SurveyResultsReader(test.database.db).results([survey]);
    expect(after).toEqual(fresh);
    expect(after.answers).toBe(before.answers + 2);
    const rating = after.questions[0];
    const ratingBefore = before.questions[0];
    const halves = (results: typeof rating) => ('counts' in results ? results.counts.find((entry) => entry.label === '0,5')!.count : NaN);
    expect(halves(rating)).toBe(halves(ratingBefore) + 1);
    expect(after.questions[1].followUps.total).toBe(before.questions[1].followUps.total + 1);
    const suggestions = after.questions[3];
    expect(suggestions.type === 'text' && suggestions.texts.total).toBe(before.questions[3].type === 'text' && before.questions[3].texts.total + 2);
    const { texts } = await allTexts(suggestions.type === 'text' ? suggestions.texts : { texts: [], next: null }, 'post-use', 'suggestion', 'answers');
    expect(texts).toEqual(expect.arrayContaining(['Arrivée tardive', 'Juste avant minuit']));
    expect(texts.indexOf('Juste avant minuit')).toBeGreaterThan(texts.indexOf('Arrivée tardive'));
  });

  it('answers the same results for a few seconds, unless an answer came on this instance', async () => {
    const survey = SURVEYS['post-use'];
    let clock = 1_000_000;
    const reader = new SurveyResultsReader(test.database.db, { now: () => clock });
    const [first] = await reader.results([survey]);
    const answer = { surveyId: 'post-use' as const, responses: { 'experience-rating': 2, expectations: { value: true }, useful: true, suggestion: 'Encore une', 'word-of-mouth': { value: true } } };
    await store([answer], () => 0);
    clock += 4999;
    expect((await reader.results([survey]))[0]).toEqual(first);
    // The submit route says so on this instance: counted at once.
    reader.answered('post-use');
    const [second] = await reader.results([survey]);
    expect(second.answers).toBe(first.answers + 1);
    // Another instance's answer: counted once the results are 5 seconds old.
    await store([answer], () => 0);
    clock += 4999;
    expect((await reader.results([survey]))[0].answers).toBe(second.answers);
    clock += 1;
    expect((await reader.results([survey]))[0].answers).toBe(second.answers + 1);
  });

  it('counts an answer sent through the site at once in the admin’s next results', async () => {
    const get = async () =>
      (await test.app.inject({ method: 'GET', url: '/api/admin/surveys', headers: { cookie: admin.cookie } })).json().surveys[1].answers as number;
    await get();
    const stored = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from survey_answers where survey_id = 'post-use'`.execute(test.database.db)).rows[0].n;
    const before = await stored();
    const someone = await registerMember(test.app);
    await test.app.inject({ method: 'POST', url: '/api/admin/past-trips', headers: { cookie: admin.cookie }, payload: { email: someone.email } });
    const submitted = await test.app.inject({
      method: 'POST',
      url: '/api/fn/users-submitSurvey',
      headers: { cookie: someone.cookie },
      payload: { surveyId: 'post-use', userId: someone.uuid, responses: { 'experience-rating': 3, expectations: { value: true }, useful: true, suggestion: 'Tout de suite', 'word-of-mouth': { value: true } } },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(await get()).toBe(before + 1);
  });

  it('refuses an unknown list or a malformed page cursor', async () => {
    const get = (query: string) =>
      test.app.inject({ method: 'GET', url: `/api/admin/surveys/pre-use/texts?${query}`, headers: { cookie: admin.cookie } });
    const cursor = `${today}_00000000-0000-0000-0000-000000000000`;
    const page = await get(`question=expectations&list=answers&after=${cursor}`);
    expect(page.statusCode).toBe(200);
    // Before the first answer of today: yesterday's and older, newest first.
    expect(page.json().texts).toHaveLength(MORE_TEXTS);
    expect((await get(`question=expectations&list=answers&after=2000-01-01_${cursor.slice(11)}`)).json()).toEqual({ texts: [], next: null });
    expect((await get(`question=heard&list=answers&after=${cursor}`)).statusCode).toBe(404);
    expect((await get(`question=expectations&list=follow-ups&after=${cursor}`)).statusCode).toBe(404);
    expect((await get(`question=suggestion&list=answers&after=${cursor}`)).statusCode).toBe(404);
    expect((await get(`question=expectations&list=answers&after=hier`)).json().error.code).toBe('http/bad-request');
    expect((await get(`question=expectations&list=tout&after=${cursor}`)).statusCode).toBe(400);
    expect((await get('question=expectations&list=answers')).statusCode).toBe(400);
    const other = await test.app.inject({
      method: 'GET',
      url: `/api/admin/surveys/mid-use/texts?question=expectations&list=answers&after=${cursor}`,
      headers: { cookie: admin.cookie },
    });
    expect(other.statusCode).toBe(404);
  });

  it('streams the CSV the in-memory export gave, a batch of answers at a time', async () => {
    for (const surveyId of ['pre-use', 'post-use'] as const) {
      const survey = SURVEYS[surveyId];
      const rows = (await storedResponses(surveyId)).sort((a, b) => (a.day === b.day ? (a.id < b.id ? -1 : 1) : a.day < b.day ? -1 : 1));
      const expected = surveyCsvHeader(survey) + rows.map((row) => surveyCsvRow(survey, { answeredOn: row.day, responses: row.responses })).join('');

      const response = await test.app.inject({ method: 'GET', url: `/api/admin/surveys/${surveyId}/export.csv`, headers: { cookie: admin.cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.toString('utf8')).toBe(expected);
      // Sent as a stream: no length known in advance.
      expect(response.headers['content-length']).toBeUndefined();
      expect(response.headers['transfer-encoding']).toBe('chunked');
      const compressed = await test.app.inject({
        method: 'GET',
        url: `/api/admin/surveys/${surveyId}/export.csv`,
        headers: { cookie: admin.cookie, 'accept-encoding': 'br' },
      });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(compressed.rawPayload).toString('utf8')).toBe(expected);

      // Read lazily: a batch is read only once the previous one was taken.
      let reads = 0;
      const db = test.database.db.withPlugin({
        transformQuery: (args) => {
          reads += 1;
          return args.node;
        },
        transformResult: async ({ result }) => result,
      });
      const chunks = surveyCsvChunks(db, survey, 7);
      const taken: string[] = [];
      for await (const chunk of chunks) {
        taken.push(chunk);
        // The header, then one read per batch so far.
        expect(reads).toBe(taken.length - 1);
        if (taken.length > 1) expect(chunk.split('\r\n').length - 1).toBeLessThanOrEqual(7);
      }
      expect(taken.join('')).toBe(expected);
      expect(taken.length).toBeGreaterThan(rows.length / 7);
    }
  });
});

describe('survey results on a database that never analyzed its answers', () => {
  const test = setUpTestApp();

  it('refreshes the statistics, so the free-text pages read the index in order', async () => {
    const { db } = test.database;
    await sql`
      insert into survey_answers (survey_id, responses, answered_on)
      select 'pre-use', jsonb_build_object('heard', jsonb_build_array('Instagram'), 'reasons', jsonb_build_object('value', jsonb_build_array('Autre'), 'subValue', 'Raison ' || i),
             'wont-use', jsonb_build_object('value', jsonb_build_array('Le prix du trajet')), 'expectations', 'Attente ' || i),
             current_date - 300 + i * 300 / 20001
      from generate_series(1, 20000) as i`.execute(db);
    const [results] = await new SurveyResultsReader(db).results([SURVEYS['pre-use']]);
    expect(results.answers).toBe(20000);
    const page = db
      .selectFrom('survey_answers')
      .select('id')
      .where('survey_id', '=', 'pre-use')
      .where(sql<boolean>`jsonb_typeof(responses -> 'expectations') = 'string'`)
      .orderBy('answered_on', 'desc')
      .orderBy('id', 'desc')
      .limit(9)
      .compile();
    const plan = JSON.stringify((await db.executeQuery(CompiledQuery.raw(`explain (format json) ${page.sql}`, [...page.parameters]))).rows);
    expect(plan).toContain('"Index Name":"survey_answers_keyset"');
    expect(plan).not.toMatch(/"Node Type":"(Incremental )?Sort"/);
  });
});
