// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { textMessages, type TextDetail, type TextDraft, type TextEdit, type TextHistory, type TextVersion } from '../../../shared/texts';
import { FakeEventSource, stubEventSource } from '../../platform/testing/event-source';
import { LEA, renderPage, stubApi } from '../../platform/testing/render';
import { TextEditorPage } from './TextEditor';

beforeEach(() => {
  stubEventSource();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const EDITOR = { ...LEA, roles: ['editor'] };
const URL = '/api/admin/texts/covoiturage';

const version = (number: number, overrides: Partial<TextVersion> = {}): TextVersion => ({
  version: number,
  title: 'Le covoiturage',
  description: 'Partager un trajet.',
  applicable: '',
  body: 'Partage ta voiture.',
  publishedAt: '2026-11-20T10:00:00.000Z',
  author: 'lea93',
  restoredFrom: null,
  ...overrides,
});

const detail = (published: TextVersion, draft: TextDetail['draft'] = null): TextDetail => ({ id: 'covoiturage', kind: 'wiki', published, draft });
const history = (...versions: TextVersion[]): TextHistory => ({
  versions: versions.map(({ version: number, title, publishedAt, author, restoredFrom }) => ({ version: number, title, publishedAt, author, restoredFrom })),
});

const draftOf = (sent: unknown): TextDraft => ({ ...(sent as TextEdit), savedAt: '2026-11-27T01:00:00.000Z' });

function open() {
  renderPage(<TextEditorPage id="covoiturage" />, { path: '/admin/textes/covoiturage' });
}

const body = () => screen.findByLabelText<HTMLTextAreaElement>('Texte');

it('saves the draft once typing pauses, with the version it started from, and previews the Markdown as the page will', async () => {
  const { calls } = stubApi({
    'GET /api/auth/me': { status: 200, body: EDITOR },
    [`GET ${URL}`]: { status: 200, body: detail(version(3)) },
    [`GET ${URL}/versions`]: { status: 200, body: history(version(3)) },
    [`PUT ${URL}/draft`]: ({ body: sent }) => ({ status: 200, body: draftOf(sent) }),
  });
  open();
  const textarea = await body();
  fireEvent.change(textarea, { target: { value: '## Avant' } });
  fireEvent.change(textarea, { target: { value: '## Avant de partir\n\n<script>alert(1)</script>\n\n[site](https://exemple.fr)' } });
  const preview = screen.getByRole('region', { name: 'Aperçu' });
  await within(preview).findByRole('heading', { level: 2, name: 'Avant de partir' });
  // Raw HTML is shown as the text it is, never run.
  expect(preview.querySelector('script')).toBeNull();
  expect(within(preview).getByText('<script>alert(1)</script>')).toBeTruthy();
  expect(within(preview).getByRole('link', { name: 'site' }).getAttribute('rel')).toBe('noopener noreferrer');

  await screen.findByText(/^Brouillon enregistré à/, undefined, { timeout: 3000 });
  const saves = calls.filter((call) => call.method === 'PUT');
  // One save for the pause, with the last text typed.
  expect(saves).toHaveLength(1);
  expect(saves[0].body).toMatchObject({ title: 'Le covoiturage', body: '## Avant de partir\n\n<script>alert(1)</script>\n\n[site](https://exemple.fr)', baseVersion: 3 });
});

it('brings the draft back when the text opens again, and does not save a text the server would refuse', async () => {
  const { calls } = stubApi({
    'GET /api/auth/me': { status: 200, body: EDITOR },
    [`GET ${URL}`]: { status: 200, body: detail(version(3), { ...version(3), body: 'Mon brouillon', baseVersion: 2, savedAt: '2026-11-26T18:30:00.000Z' }) },
    [`GET ${URL}/versions`]: { status: 200, body: history(version(3)) },
  });
  open();
  expect((await body()).value).toBe('Mon brouillon');
  expect(screen.getByText(/Ton brouillon du .* est revenu, commencé sur la version 2/)).toBeTruthy();

  fireEvent.change(screen.getByLabelText('Titre'), { target: { value: ' ' } });
  await new Promise((resolve) => setTimeout(resolve, 1200));
  expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  fireEvent.click(screen.getByRole('button', { name: 'Publier' }));
  expect((await screen.findByRole('alert')).textContent).toBe(textMessages.titleMissing);
  expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
});

it('goes on to the text on Enter in the title, and publishes only on « Publier »', async () => {
  const { calls } = stubApi({
    'GET /api/auth/me': { status: 200, body: EDITOR },
    [`GET ${URL}`]: { status: 200, body: detail(version(3)) },
    [`GET ${URL}/versions`]: { status: 200, body: history(version(3)) },
  });
  open();
  const text = await body();
  const title = screen.getByLabelText('Titre');
  title.focus();
  // A form's Enter is its submit button's click: the text would have gone online.
  expect(fireEvent.keyDown(title, { key: 'Enter' })).toBe(false);
  expect(document.activeElement).toBe(text);
  expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
});

it('publishes against the version it started from, says so and moves focus there, and the history follows', async () => {
  const { calls } = stubApi({
    'GET /api/auth/me': { status: 200, body: EDITOR },
    [`GET ${URL}`]: { status: 200, body: detail(version(3)) },
    [`GET ${URL}/versions`]: () => ({
      status: 200,
      body: calls.some((call) => call.method === 'POST') ? history(version(4, { body: 'Nouveau' }), version(3)) : history(version(3)),
    }),
    [`PUT ${URL}/draft`]: { status: 200, body: { ...version(3), baseVersion: 3, savedAt: '2026-11-27T01:00:00.000Z' } },
    [`POST ${URL}/publish`]: { status: 200, body: detail(version(4, { body: 'Nouveau', author: 'lea93' })) },
  });
  open();
  fireEvent.change(await body(), { target: { value: 'Nouveau' } });
  fireEvent.click(screen.getByRole('button', { name: 'Publier' }));
  const done = await screen.findByText('Version 4 publiée : elle est en ligne.');
  await waitFor(() => expect(document.activeElement).toBe(done));
  const publish = calls.find((call) => call.method === 'POST')!;
  expect(publish.body).toMatchObject({ body: 'Nouveau', baseVersion: 3 });
  // The pending save went with the publication, not after it (it would bring the draft back).
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  const list = await screen.findByRole('list');
  await within(list).findByText('Version 4');
  expect(within(list.children[0] as HTMLElement).getByText('En ligne')).toBeTruthy();
});

it('on a publication over someone else’s, shows theirs beside the editor’s text, keeps the text, and publishes again over theirs only when asked', async () => {
  const theirs = version(4, { body: 'Leur texte à eux', author: 'sam' });
  const { calls } = stubApi({
    'GET /api/auth/me': { status: 200, body: EDITOR },
    [`GET ${URL}`]: { status: 200, body: detail(version(3)) },
    [`GET ${URL}/versions`]: { status: 200, body: history(version(3)) },
    [`PUT ${URL}/draft`]: ({ body: sent }) => ({ status: 200, body: draftOf(sent) }),
    [`POST ${URL}/publish`]: ({ body: sent }) =>
      (sent as { baseVersion: number }).baseVersion === 3
        ? { status: 409, body: { error: { code: 'texts/conflict', message: textMessages.conflict }, current: theirs } }
        : { status: 200, body: detail(version(5, { body: 'Mon texte' })) },
  });
  open();
  fireEvent.change(await body(), { target: { value: 'Mon texte' } });
  fireEvent.click(screen.getByRole('button', { name: 'Publier' }));
  const heading = await screen.findByRole('heading', { name: "Une autre version vient d'être publiée" });
  await waitFor(() => expect(document.activeElement).toBe(heading));
  expect(heading.closest('[role="alert"]')?.textContent).toContain('par sam');
  expect(within(screen.getByRole('region', { name: 'Sa version (version 4, en ligne)' })).getByText('Leur texte à eux')).toBeTruthy();
  expect(within(screen.getByRole('region', { name: 'Ta version (brouillon)' })).getByText('Mon texte')).toBeTruthy();
  expect(screen.getByRole('region', { name: 'Différences entre la version 4 et la tienne' }).querySelector('del')?.textContent).toContain('Leur');
  // Nothing written over theirs, and the editor's text is still there, saved as the draft.
  expect((await body()).value).toBe('Mon texte');
  expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  await waitFor(() => expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toMatchObject({ body: 'Mon texte', baseVersion: 3 }), { timeout: 3000 });

  fireEvent.click(screen.getByRole('button', { name: 'Continuer avec ma version' }));
  await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Texte')));
  expect(screen.queryByRole('heading', { name: /Une autre version vient/ })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Publier' }));
  await screen.findByText('Version 5 publiée : elle est en ligne.');
  expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toMatchObject({ body: 'Mon texte', baseVersion: 4 });
});

it('compares an old version with the one online, and restores it after a confirmation', async () => {
  const old = version(2, { body: 'Ancien texte', author: 'sam' });
  const { calls } = stubApi({
    'GET /api/auth/me': { status: 200, body: EDITOR },
    [`GET ${URL}`]: { status: 200, body: detail(version(3, { body: 'Texte actuel' })) },
    [`GET ${URL}/versions`]: () => ({
      status: 200,
      body: calls.some((call) => call.method === 'POST')
        ? history(version(4, { restoredFrom: 2 }), version(3), old)
        : history(version(3), old, version(1, { author: '' })),
    }),
    [`GET ${URL}/versions/2`]: { status: 200, body: old },
    [`POST ${URL}/versions/2/restore`]: { status: 200, body: detail(version(4, { body: 'Ancien texte', restoredFrom: 2 })) },
  });
  open();
  const list = await screen.findByRole('list');
  await within(list).findByText('Version 2');
  expect(within(list).getByText(/\(texte d’origine du site\)/)).toBeTruthy();
  fireEvent.click(within(list).getByRole('button', { name: 'Comparer la version 2 avec la 3' }));
  const diff = await screen.findByRole('region', { name: 'Ce qui change de la version 2 à la version 3 en ligne' });
  const text = (selector: string) => Array.from(diff.querySelectorAll(selector), (element) => element.textContent).join(' ');
  expect(text('del')).toContain('Ancien');
  expect(text('ins')).toContain('actuel');

  fireEvent.click(within(list).getByRole('button', { name: 'Restaurer la version 2' }));
  const dialog = await screen.findByRole('dialog', { name: 'Restaurer la version 2 ?' });
  expect(calls.some((call) => call.method === 'POST')).toBe(false);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Restaurer' }));
  const done = await screen.findByText('Version 2 restaurée : elle est en ligne comme version 4.');
  await waitFor(() => expect(document.activeElement).toBe(done));
  expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([`${URL}/versions/2/restore`]);
  // No draft of one's own: the editor now shows the text online.
  expect((await body()).value).toBe('Ancien texte');
  await within(screen.getByRole('list')).findByText('restaurée de la version 2');
});

it('says at once, without taking the focus, that someone else published the text being edited, and shows their version on demand', async () => {
  let online = version(3);
  stubApi({
    'GET /api/auth/me': { status: 200, body: EDITOR },
    [`GET ${URL}`]: () => ({ status: 200, body: detail(online) }),
    [`GET ${URL}/versions`]: { status: 200, body: history(version(3)) },
    [`PUT ${URL}/draft`]: ({ body: sent }) => ({ status: 200, body: draftOf(sent) }),
  });
  open();
  const textarea = await body();
  textarea.focus();
  fireEvent.change(textarea, { target: { value: 'Mon texte à moi.' } });
  // Another text's publication, or none of this one: nothing to say.
  act(() => FakeEventSource.emit('texts'));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.queryByText(/pendant que tu écrivais/)).toBeNull();

  online = version(4, { body: 'Le texte de Sam.', author: 'sam' });
  act(() => FakeEventSource.emit('texts'));
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain("Une autre version vient d'être publiée pendant que tu écrivais : version 4");
  expect(alert.textContent).toContain('par sam');
  expect(document.activeElement).toBe(textarea);
  expect(textarea.value).toBe('Mon texte à moi.');

  fireEvent.click(within(alert).getByRole('button', { name: 'Voir sa version' }));
  await screen.findByRole('heading', { name: "Une autre version vient d'être publiée" });
  expect(within(screen.getByRole('region', { name: 'Sa version (version 4, en ligne)' })).getByText('Le texte de Sam.')).toBeTruthy();
  expect(screen.queryByText(/pendant que tu écrivais/)).toBeNull();
  expect(textarea.value).toBe('Mon texte à moi.');
});
