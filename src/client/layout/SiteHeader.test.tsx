// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEA, renderPage, stubApi } from '../platform/testing/render';
import { SiteHeader } from './SiteHeader';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the header’s link to the administration', () => {
  it.each([
    [['admin'], true],
    [['moderator'], true],
    [['editor'], true],
    [[], false],
  ])('roles %j: shown %s', async (roles, shown) => {
    stubApi({ 'GET /api/auth/me': { status: 200, body: { ...LEA, roles } } });
    renderPage(<SiteHeader />, { path: '/vote' });
    await screen.findByText('signed-in');
    expect(Boolean(screen.queryByRole('link', { name: 'Administration' }))).toBe(shown);
  });
});

describe('the phone’s menu', () => {
  it('closes on a tap outside it, which moves no focus in Safari on iOS, and not on a tap inside', async () => {
    stubApi({ 'GET /api/auth/me': { status: 401, body: { error: { code: 'auth/not-signed-in', message: 'Non connecté.' } } } });
    renderPage(
      <>
        <SiteHeader />
        <p>Texte de la page</p>
      </>,
      { path: '/vote' },
    );
    const menu = await screen.findByRole('button', { name: 'Menu' });
    fireEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerDown(screen.getByRole('link', { name: 'Voter' }));
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerDown(screen.getByText('Texte de la page'));
    expect(menu.getAttribute('aria-expanded')).toBe('false');
  });
});
