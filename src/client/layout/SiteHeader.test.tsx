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

describe('the header’s height, kept for the page below it', () => {
  it('follows the header while it is in the page, and keeps its value once the header is taken out', async () => {
    const observed: ResizeObserverCallback[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: ResizeObserverCallback) {
          observed.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    stubApi({ 'GET /api/auth/me': { status: 401, body: { error: { code: 'auth/not-signed-in', message: 'Non connecté.' } } } });
    renderPage(<SiteHeader />, { path: '/vote' });
    const header = await screen.findByRole('banner');
    header.getBoundingClientRect = () => ({ height: 96 }) as DOMRect;
    const resized = () => observed.at(-1)!([], {} as ResizeObserver);
    resized();
    const height = () => document.documentElement.style.getPropertyValue('--header-height');
    expect(height()).toBe('96px');
    // The loading view's header, replaced by the page's: seen once more, out of the page.
    header.getBoundingClientRect = () => ({ height: 0 }) as DOMRect;
    const parent = header.parentElement!;
    header.remove();
    resized();
    expect(height()).toBe('96px');
    parent.append(header);
  });
});
