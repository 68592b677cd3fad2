// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { SiteFooter } from './SiteFooter';

afterEach(cleanup);

// That every page carries it is the browser's to show (legal-notice.e2e.ts); what it holds is here.
it('shows the year and its six links, the documents as PDFs', () => {
  const router = createMemoryRouter([{ path: '*', element: <SiteFooter /> }], { initialEntries: ['/join'] });
  render(<RouterProvider router={router} />);
  const footer = screen.getByRole('contentinfo');
  expect(footer.textContent).toContain('© 2025');
  const links = within(within(footer).getByRole('navigation', { name: 'Liens légaux' })).getAllByRole('link');
  expect(links.map((link) => link.getAttribute('href'))).toEqual([
    '/legal/conditions-utilisation.pdf',
    '/calshare/privacy_policy',
    '/legal/politique-remboursement.pdf',
    '/legal/frais-de-service.pdf',
    '/mentions-legales',
    'mailto:contact@example.org',
  ]);
  expect(links.filter((link) => link.getAttribute('type') === 'application/pdf')).toHaveLength(3);
});
