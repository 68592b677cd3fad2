// @vitest-environment happy-dom
// The widget itself solves in a real browser (tests/e2e/anti-bot.e2e.ts); here, what the
// forms do around it when the site asks no proof or cannot hand out a challenge.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { ANTI_BOT_CHALLENGE_URL } from '../../../shared/anti-bot';
import { todayIso } from '../../../shared/event-reports';
import { apiError, stubApi } from '../testing/render';
import { ReportEventForm } from '../../capabilities/event-reports/ReportEventForm';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function fillAndSend() {
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  type("Nom de l'événement", 'Trail des Crêtes');
  type('Sport', 'Trail');
  type('Date', todayIso(new Date(Date.now() + 20 * 86_400_000)));
  type('Lieu', 'Gérardmer');
  type("Lien vers l'événement", 'www.trail-cretes.fr');
  fireEvent.click(screen.getByRole('button', { name: 'Envoyer le signalement' }));
}

it('shows no widget and sends no proof when the site asks none (204)', async () => {
  const onSent = vi.fn();
  const { calls } = stubApi({ [`GET ${ANTI_BOT_CHALLENGE_URL}` as const]: { status: 204 }, 'POST /api/event-reports': { status: 201, body: { id: 'x' } } });
  const { container } = render(<ReportEventForm onSent={onSent} />);
  await vi.waitFor(() => expect(container.querySelector('.anti-bot')).toBeNull());
  fillAndSend();
  await vi.waitFor(() => expect(onSent).toHaveBeenCalled());
  expect(calls.find((call) => call.method === 'POST')?.body).not.toHaveProperty('altcha');
  // The challenge was asked once, when the form appeared.
  expect(calls.filter((call) => call.path === ANTI_BOT_CHALLENGE_URL)).toHaveLength(1);
});

it('keeps the widget’s place while no challenge could be had, sends without, and asks again after the refusal', async () => {
  const { calls } = stubApi({
    [`GET ${ANTI_BOT_CHALLENGE_URL}` as const]: apiError(429, 'http/rate-limited', 'Trop de tentatives, réessaie dans quelques minutes 🙁'),
    'POST /api/event-reports': apiError(400, 'anti-bot/missing', "La vérification « Je ne suis pas un robot » n'est pas faite : coche la case puis réessaie 🙁"),
  });
  const { container } = render(<ReportEventForm onSent={() => {}} />);
  expect(container.querySelector('.anti-bot')).not.toBeNull();
  fillAndSend();
  expect((await screen.findByRole('alert')).textContent).toContain('Je ne suis pas un robot');
  expect(calls.find((call) => call.method === 'POST')?.body).not.toHaveProperty('altcha');
  // On mount, once more before sending, and again after the refusal.
  await vi.waitFor(() => expect(calls.filter((call) => call.path === ANTI_BOT_CHALLENGE_URL)).toHaveLength(3));
  expect((screen.getByLabelText('Lieu') as HTMLInputElement).value).toBe('Gérardmer');
});
