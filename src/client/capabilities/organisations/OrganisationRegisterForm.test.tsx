// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { OrganisationRegisterForm } from './OrganisationRegisterForm';
import { LEA, renderPage, SIGNED_OUT, stubApi } from '../../platform/testing/render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PASSWORD = 'Organisation-2025!';

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

it.each([
  ['unticked', false],
  ['ticked', true],
])('sends the newsletter box as the organisation left it: %s', async (_case, ticked) => {
  let signedIn = false;
  const { calls } = stubApi({
    'GET /api/auth/me': () => (signedIn ? { status: 200, body: { ...LEA, accountType: 'organisation' } } : SIGNED_OUT),
    'POST /api/fn/users-registerOrganisation': { status: 200, body: { data: { uuid: LEA.uuid } } },
    'POST /api/auth/login': () => {
      signedIn = true;
      return { status: 200, body: LEA };
    },
  });
  renderPage(<OrganisationRegisterForm />, { path: '/join_as_organisation' });
  type('Adresse mail', 'club@exemple.fr');
  type("Nom de l'organisation", 'Club des Dauphins');
  type('Mot de passe', PASSWORD);
  type('Confirmation du mot de passe', PASSWORD);
  fireEvent.click(screen.getByRole('checkbox', { name: /conditions d'utilisation.*18 ans/ }));
  const newsletter = screen.getByRole('checkbox', { name: 'Recevoir la newsletter' }) as HTMLInputElement;
  expect(newsletter.checked).toBe(false);
  if (ticked) fireEvent.click(newsletter);
  fireEvent.click(screen.getByRole('button', { name: 'Créer le compte organisation' }));
  await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/account'));
  expect(calls.find((call) => call.path === '/api/fn/users-registerOrganisation')?.body).toEqual({
    email: 'club@exemple.fr',
    username: 'Club des Dauphins',
    pwd: PASSWORD,
    newsletter: ticked,
  });
});

it('does not sign in when the answer is a mailed claim, and says what the link will do', async () => {
  const { calls } = stubApi({
    'GET /api/auth/me': SIGNED_OUT,
    'POST /api/fn/users-registerOrganisation': { status: 202, body: { data: { claimMailed: true } } },
  });
  renderPage(<OrganisationRegisterForm />, { path: '/join_as_organisation' });
  type('Adresse mail', 'club@exemple.fr');
  type("Nom de l'organisation", 'Club des Dauphins');
  type('Mot de passe', PASSWORD);
  type('Confirmation du mot de passe', PASSWORD);
  fireEvent.click(screen.getByRole('checkbox', { name: /conditions d'utilisation.*18 ans/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Créer le compte organisation' }));
  const heading = await screen.findByRole('heading', { name: 'Ouvrez le lien reçu par mail' });
  const status = heading.closest('[role="status"]')!;
  expect(status.textContent).toContain('club@exemple.fr');
  expect(status.textContent).toContain('il crée le compte « Club des Dauphins » et supprime l\'autre');
  expect(calls.some((call) => call.path === '/api/auth/login')).toBe(false);
  expect(screen.getByTestId('location').textContent).toBe('/join_as_organisation');
});
