// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { apiError, stubApi } from '../../platform/testing/render';
import { WikiFeedback } from './WikiFeedback';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('asks the question, sends one answer with a lasting visitor id, then thanks', async () => {
  const { calls } = stubApi({ 'POST /api/wiki/chats/feedback': { status: 200, body: { recorded: true } } });
  render(<WikiFeedback articleId="chats" />);
  expect(screen.getByRole('heading', { name: "Cet article t'a-t-il aidé ?" })).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Oui' }));
  await screen.findByText(/Merci pour ton retour/);
  expect(screen.queryByRole('button', { name: 'Non' })).toBeNull();
  expect(calls).toHaveLength(1);
  const body = calls[0].body as { visitorId: string; helpful: boolean };
  expect(body.helpful).toBe(true);
  expect(body.visitorId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(localStorage.getItem('unissons.visitor-id')).toBe(body.visitorId);
});

it('thanks a visitor who already answered for this article instead of asking again', async () => {
  localStorage.setItem('unissons.wiki-feedback.profile', 'no');
  stubApi({});
  render(<WikiFeedback articleId="profile" />);
  await screen.findByText(/Merci pour ton retour/);
  expect(screen.queryByRole('button', { name: 'Oui' })).toBeNull();
});

it('keeps the question and shows the error box when the answer cannot be sent', async () => {
  stubApi({ 'POST /api/wiki/home/feedback': apiError(429, 'http/rate-limited', 'Trop de tentatives, réessaie dans quelques minutes 🙁') });
  render(<WikiFeedback articleId="home" />);
  fireEvent.click(screen.getByRole('button', { name: 'Non' }));
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Trop de tentatives');
  expect(screen.getByRole('button', { name: 'Oui' })).toBeTruthy();
  await waitFor(() => expect(localStorage.getItem('unissons.wiki-feedback.home')).toBeNull());
});
