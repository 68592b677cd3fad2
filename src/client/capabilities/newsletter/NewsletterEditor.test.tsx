// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NewsletterSummary } from '../../../shared/newsletter/api';
import { AuthGate } from '../accounts/AuthGate';
import { apiError, LEA, renderPage, stubApi, type FakeCall } from '../../platform/testing/render';
import { NewsletterEditor } from './NewsletterEditor';
import { FakeEventSource, stubEventSource } from '../../platform/testing/event-source';

const ADMIN = { ...LEA, roles: ['admin'] };
const SENDING: NewsletterSummary = {
  id: 'n1',
  title: 'Les nouvelles de mars',
  description: '',
  filter: 'users',
  createdAt: '2026-03-02T10:00:00.000Z',
  total: 40,
  sent: 10,
  failed: 2,
  pending: 28,
};

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
  stubEventSource();
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderEditor(routes: Parameters<typeof stubApi>[0] = {}) {
  let history: NewsletterSummary[] = [];
  const api = stubApi({
    'GET /api/auth/me': { status: 200, body: ADMIN },
    'GET /api/admin/newsletters': () => ({ status: 200, body: { newsletters: history } }),
    'POST /api/admin/newsletter/preview': ({ body }: FakeCall) => {
      const { title } = body as { title: string };
      return { status: 200, body: { subject: title, html: `<h1>${title}</h1>`, text: title } };
    },
    ...routes,
  });
  // Behind the admin gate, as on the site: the editor starts with the admin known.
  renderPage(
    <AuthGate role="admin">
      <NewsletterEditor />
    </AuthGate>,
    { path: '/admin/newsletter-editor' },
  );
  return {
    ...api,
    setHistory(next: NewsletterSummary[]) {
      history = next;
    },
  };
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function fillLetter() {
  await screen.findByRole('heading', { level: 1, name: 'Newsletter' });
  type('Titre', 'Les nouvelles de mars');
  type('Description', 'Tournoi et sortie');
  type('Contenu', '## Au programme\n\nUn **tournoi**.');
}

describe('the newsletter editor', () => {
  it('has the spec’s fields, the test fields filled with the admin’s account, and “Les deux” as target', async () => {
    renderEditor();
    await screen.findByRole('heading', { level: 1, name: 'Newsletter' });
    for (const label of ['Contenu', 'Titre', 'Description']) expect(screen.getByLabelText(label)).toBeTruthy();
    expect((screen.getByLabelText('Mail de test') as HTMLInputElement).value).toBe(LEA.email);
    expect((screen.getByLabelText('Identifiant utilisateur de test') as HTMLInputElement).value).toBe(LEA.uuid);
    expect((screen.getByLabelText('Les deux') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Organisations') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('Utilisateurs') as HTMLInputElement).checked).toBe(false);
    // Nothing to send yet: both buttons explain why they do nothing.
    for (const name of ['Envoyer un mail de test', 'Envoyer à tous']) {
      expect(screen.getByRole('button', { name }).getAttribute('aria-disabled')).toBe('true');
    }
  });

  it('shows a live preview of the e-mail in a sandboxed frame', async () => {
    const { calls } = renderEditor();
    await fillLetter();
    await waitFor(() => expect(screen.getByTitle('Aperçu du mail').getAttribute('srcdoc')).toBe('<h1>Les nouvelles de mars</h1>'));
    const frame = screen.getByTitle('Aperçu du mail');
    expect(frame.getAttribute('sandbox')).toBe('');
    // Typing quickly asks for one preview, after the pause.
    const previews = calls.filter((call) => call.path === '/api/admin/newsletter/preview');
    expect(previews.at(-1)!.body).toEqual({ letter: '## Au programme\n\nUn **tournoi**.', title: 'Les nouvelles de mars', desc: 'Tournoi et sortie' });
    expect(previews.length).toBeLessThanOrEqual(2);
  });

  it('sends a test mail, then shows “Message test bien envoyé !” for 5 seconds', async () => {
    const { calls } = renderEditor({ 'POST /api/fn/newsletter-sendTest': { status: 200, body: { data: { sent: true } } } });
    await fillLetter();
    type('Mail de test', 'relecture@exemple.fr');
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer un mail de test' }));
    expect(await screen.findByText('Message test bien envoyé !')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/fn/newsletter-sendTest')!.body).toEqual({
      letter: '## Au programme\n\nUn **tournoi**.',
      title: 'Les nouvelles de mars',
      desc: 'Tournoi et sortie',
      email: 'relecture@exemple.fr',
      userId: LEA.uuid,
    });
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.queryByText('Message test bien envoyé !')).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Message test bien envoyé !')).toBeNull();
  });

  it('shows the server’s message when the test cannot be sent, and keeps what was typed', async () => {
    renderEditor({ 'POST /api/fn/newsletter-sendTest': apiError(404, 'newsletter/unknown-user', 'Aucun compte ne correspond à cet identifiant 🙁') });
    await fillLetter();
    type('Identifiant utilisateur de test', 'inconnu');
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer un mail de test' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Aucun compte ne correspond à cet identifiant 🙁');
    expect((screen.getByLabelText('Titre') as HTMLInputElement).value).toBe('Les nouvelles de mars');
  });

  it('asks for confirmation with the number of recipients of the chosen target, then starts the sending', async () => {
    const editor = renderEditor({
      'GET /api/admin/newsletter/recipients?filter=users': { status: 200, body: { count: 40, undeliverable: 0 } },
      'POST /api/fn/newsletter-send': () => {
        editor.setHistory([SENDING]);
        return { status: 200, body: { data: { newsletterId: 'n1', total: 40 } } };
      },
    });
    await fillLetter();
    fireEvent.click(screen.getByLabelText('Utilisateurs'));
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer à tous' }));
    const confirmation = await screen.findByRole('group', { name: /Envoyer « Les nouvelles de mars » à 40 destinataires \(utilisateurs\) \?/ });
    // The count is of subscribed members whose address is verified (decision 0018), and says so.
    within(confirmation).getByText("Destinataires : les membres abonnés à la newsletter dont l'adresse mail est vérifiée.");
    expect(editor.calls.some((call) => call.path === '/api/fn/newsletter-send')).toBe(false);

    // A double click: the second lands while the first is queueing, and is ignored.
    const confirm = within(confirmation).getByRole('button', { name: "Confirmer l'envoi" });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText('Newsletter envoyée !')).toBeTruthy();
    const sends = editor.calls.filter((call) => call.path === '/api/fn/newsletter-send');
    expect(sends).toHaveLength(1);
    // With the key that makes the server queue one newsletter for repeats of this confirmation.
    expect(sends[0].body).toEqual({
      letter: '## Au programme\n\nUn **tournoi**.',
      title: 'Les nouvelles de mars',
      desc: 'Tournoi et sortie',
      filter: 'users',
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(screen.queryByRole('group', { name: /Envoyer « Les nouvelles/ })).toBeNull();
    const progress = await screen.findByRole('progressbar', { name: "Progression de l'envoi « Les nouvelles de mars »" });
    expect([progress.getAttribute('value'), progress.getAttribute('max')]).toEqual(['12', '40']);
    expect(screen.getByText('10 envoyés · 2 échecs · 40 destinataires')).toBeTruthy();
    expect(screen.getByText('Envoi en cours')).toBeTruthy();

    // A worker's progress notice refreshes the bar.
    editor.setHistory([{ ...SENDING, sent: 38, pending: 0 }]);
    act(() => FakeEventSource.emit('newsletter'));
    expect(await screen.findByText('38 envoyés · 2 échecs · 40 destinataires')).toBeTruthy();
    expect(screen.getByText('Terminé, avec des échecs')).toBeTruthy();

    act(() => vi.advanceTimersByTime(5100));
    expect(screen.queryByText('Newsletter envoyée !')).toBeNull();
  });

  it('sends no filter for “Les deux”, and cancelling sends nothing', async () => {
    const { calls } = renderEditor({ 'GET /api/admin/newsletter/recipients': { status: 200, body: { count: 1, undeliverable: 0 } } });
    await fillLetter();
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer à tous' }));
    const confirmation = await screen.findByRole('group', { name: /à 1 destinataire \(utilisateurs et organisations\) \?/ });
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('group', { name: /destinataire/ })).toBeNull();
    expect(calls.some((call) => call.path === '/api/fn/newsletter-send')).toBe(false);
  });

  it('says when nobody would receive it', async () => {
    renderEditor({ 'GET /api/admin/newsletter/recipients?filter=organisations': { status: 200, body: { count: 0, undeliverable: 0 } } });
    await fillLetter();
    fireEvent.click(screen.getByLabelText('Organisations'));
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer à tous' }));
    const confirmation = await screen.findByRole('group', { name: 'Aucun destinataire pour cette cible (organisations).' });
    expect(within(confirmation).queryByRole('button', { name: "Confirmer l'envoi" })).toBeNull();
  });

  it('keeps the draft in this browser for this admin, says it was restored, and forgets it when discarded or sent', async () => {
    renderEditor();
    await fillLetter();
    fireEvent.click(screen.getByLabelText('Organisations'));
    cleanup();

    renderEditor({
      'GET /api/admin/newsletter/recipients?filter=organisations': { status: 200, body: { count: 2, undeliverable: 0 } },
      'POST /api/fn/newsletter-send': { status: 200, body: { data: { newsletterId: 'n1', total: 2 } } },
    });
    expect(await screen.findByText(/^Brouillon restauré/)).toBeTruthy();
    expect((screen.getByLabelText('Titre') as HTMLInputElement).value).toBe('Les nouvelles de mars');
    expect((screen.getByLabelText('Contenu') as HTMLTextAreaElement).value).toBe('## Au programme\n\nUn **tournoi**.');
    expect((screen.getByLabelText('Organisations') as HTMLInputElement).checked).toBe(true);
    // Kept under this admin's id: another admin of the same browser does not open it.
    expect(localStorage.getItem(`unissons.newsletter-draft.${LEA.uuid}`)).toContain('Les nouvelles de mars');
    expect(Object.keys(localStorage)).toEqual([`unissons.newsletter-draft.${LEA.uuid}`]);

    fireEvent.click(screen.getByRole('button', { name: 'Envoyer à tous' }));
    const confirmation = await screen.findByRole('group', { name: /à 2 destinataires/ });
    fireEvent.click(within(confirmation).getByRole('button', { name: "Confirmer l'envoi" }));
    await screen.findByText('Newsletter envoyée !');
    expect((screen.getByLabelText('Titre') as HTMLInputElement).value).toBe('');
    // Forgotten by the effect that follows the emptied editor's render.
    await waitFor(() => expect(localStorage.length).toBe(0));
    expect(screen.queryByText(/^Brouillon restauré/)).toBeNull();
    cleanup();

    renderEditor();
    await fillLetter();
    cleanup();
    renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: 'Effacer le brouillon' }));
    expect((screen.getByLabelText('Contenu') as HTMLTextAreaElement).value).toBe('');
    expect(document.activeElement).toBe(screen.getByLabelText('Titre'));
    expect(localStorage.length).toBe(0);
  });

  it('asks before leaving a newsletter that is not sent, by a link or by closing the page', async () => {
    renderEditor();
    await screen.findByRole('heading', { level: 1, name: 'Newsletter' });
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await fillLetter();
    expect(unload()).toBe(true);

    fireEvent.click(screen.getByRole('link', { name: 'Administration' }));
    const dialog = await screen.findByRole('dialog', { name: "Quitter l'éditeur ?" });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { level: 1, name: 'Newsletter' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Administration' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Quitter la page' }));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: 'Newsletter' })).toBeNull());
  });

  it('shows the history of past sendings', async () => {
    const editor = renderEditor();
    editor.setHistory([{ ...SENDING, id: 'n2', title: 'Bienvenue', filter: null, total: 3, sent: 3, failed: 0, pending: 0 }]);
    act(() => FakeEventSource.emit('newsletter'));
    expect(await screen.findByRole('heading', { level: 3, name: 'Bienvenue' })).toBeTruthy();
    expect(screen.getByText('Terminé')).toBeTruthy();
    expect(screen.getByText(/utilisateurs et organisations/)).toBeTruthy();
    expect(screen.getByText('3 envoyés · 0 échec · 3 destinataires')).toBeTruthy();
  });
});
