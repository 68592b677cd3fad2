// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { todayIso } from '../../../shared/event-reports';
import { apiError, stubApi } from '../../platform/testing/render';
import { ReportEventForm } from './ReportEventForm';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function inDays(days: number) {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return todayIso(date);
}

const type = (label: string, value: string) => {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

function fillValidReport() {
  type("Nom de l'événement", 'Trail des Crêtes');
  type('Sport', 'Trail');
  type('Date', inDays(20));
  type('Lieu', 'Gérardmer');
  type("Lien vers l'événement", 'www.trail-cretes.fr');
}

it('has a labelled field for each piece of information, the e-mail being optional', () => {
  stubApi({});
  render(<ReportEventForm onSent={() => {}} />);
  for (const label of ["Nom de l'événement", 'Sport', 'Date', 'Lieu', "Lien vers l'événement", 'Ton adresse mail (facultatif)']) {
    expect(screen.getByLabelText(label)).toBeTruthy();
  }
  expect(screen.getByLabelText('Date').getAttribute('type')).toBe('date');
  expect(screen.getByLabelText('Ton adresse mail (facultatif)').getAttribute('aria-required')).toBeNull();
});

it('keeps the button from sending until every field is right, and says what is wrong', () => {
  const { calls } = stubApi({});
  render(<ReportEventForm onSent={() => {}} />);
  const button = screen.getByRole('button', { name: 'Envoyer le signalement' });
  expect(button.getAttribute('aria-disabled')).toBe('true');
  fillValidReport();
  type('Date', inDays(-30));
  type("Lien vers l'événement", 'pas un lien');
  expect(screen.getByText(/Choisis la date de l'événement/)).toBeTruthy();
  expect(screen.getByText(/Indique un lien valide/)).toBeTruthy();
  fireEvent.click(button);
  expect(calls).toHaveLength(0);
});

it('names the fields that hold the button back, and marks them when it is pressed anyway', () => {
  stubApi({});
  render(<ReportEventForm onSent={() => {}} />);
  type("Nom de l'événement", 'Trail des Crêtes');
  type('Sport', 'Trail');
  expect(screen.getByText("À compléter : Date, Lieu, Lien vers l'événement")).toBeTruthy();
  // Not yet left, so not yet red.
  expect(screen.getByLabelText('Lieu').getAttribute('aria-invalid')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Envoyer le signalement' }), { detail: 0 });
  expect(document.activeElement).toBe(screen.getByLabelText('Date'));
  expect(screen.getByLabelText('Lieu').getAttribute('aria-invalid')).toBe('true');
  expect(screen.getByText(/Indique le lieu/)).toBeTruthy();
  expect(screen.getByLabelText("Nom de l'événement").getAttribute('aria-invalid')).toBeNull();
});

it('sends the report and hands over to the success view', async () => {
  const onSent = vi.fn();
  const { calls } = stubApi({ 'POST /api/event-reports': { status: 201, body: { id: 'x' } } });
  render(<ReportEventForm onSent={onSent} />);
  fillValidReport();
  fireEvent.click(screen.getByRole('button', { name: 'Envoyer le signalement' }));
  await vi.waitFor(() => expect(onSent).toHaveBeenCalled());
  expect(calls[0].body).toEqual({ eventName: 'Trail des Crêtes', sport: 'Trail', date: inDays(20), place: 'Gérardmer', link: 'www.trail-cretes.fr', email: '' });
});

it('keeps what was typed when the server refuses, with its message', async () => {
  stubApi({ 'POST /api/event-reports': apiError(429, 'http/rate-limited', 'Trop de tentatives, réessaie dans quelques minutes 🙁') });
  render(<ReportEventForm onSent={() => {}} />);
  fillValidReport();
  fireEvent.click(screen.getByRole('button', { name: 'Envoyer le signalement' }));
  expect((await screen.findByRole('alert')).textContent).toContain('Trop de tentatives');
  expect((screen.getByLabelText("Nom de l'événement") as HTMLInputElement).value).toBe('Trail des Crêtes');
});
