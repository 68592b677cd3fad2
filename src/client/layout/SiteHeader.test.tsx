// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
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
