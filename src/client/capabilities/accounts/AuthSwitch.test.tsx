// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthGate } from './AuthGate';
import { apiError, LEA, renderPage, SIGNED_OUT, stubApi } from '../../platform/testing/render';

// happy-dom files are transformed in "web" mode, where Vitest does not inline `define`
// constants but reads a global set before the setup files ran (see ErrorBox.test.tsx).
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const GOOD_PASSWORD = 'Password1!';

/** The API of a visitor who is signed out until a login succeeds. */
function visitorApi(extra: Parameters<typeof stubApi>[0] = {}) {
  let signedIn = false;
  return stubApi({
    'GET /api/auth/me': () => (signedIn ? { status: 200, body: LEA } : SIGNED_OUT),
    'POST /api/auth/login': () => {
      signedIn = true;
      return { status: 200, body: LEA };
    },
    ...extra,
  });
}

/** The gate at `url` (a page at `path`), once it knows the visitor is signed out. */
async function renderGate(url = '/account', path = '/account') {
  const rendered = renderPage(
    <AuthGate>
      <p>Contenu réservé</p>
    </AuthGate>,
    { path, url },
  );
  await screen.findByRole('heading', { level: 1 });
  return rendered;
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function button(name: string) {
  return screen.getByRole('button', { name });
}

function isEnabled(element: HTMLElement) {
  return element.getAttribute('aria-disabled') !== 'true';
}

describe('login', () => {
  it('enables "Se connecter" only with an e-mail and a password, then opens the page', async () => {
    const { calls } = visitorApi();
    await renderGate();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Connexion');
    expect(screen.getByRole('link', { name: 'Mot de passe oublié ?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Créer un compte' })).toBeTruthy();

    expect(isEnabled(button('Se connecter'))).toBe(false);
    type('Adresse mail', 'lea@example.fr');
    expect(isEnabled(button('Se connecter'))).toBe(false);
    type('Mot de passe', 'x');
    expect(isEnabled(button('Se connecter'))).toBe(true);
    type('Adresse mail', '   ');
    expect(isEnabled(button('Se connecter'))).toBe(false);
    type('Adresse mail', ' lea@example.fr ');

    fireEvent.click(button('Se connecter'));
    expect(await screen.findByText('Contenu réservé')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/auth/login')?.body).toEqual({ email: 'lea@example.fr', password: 'x' });
  });

  it("shows the server's message in the error box", async () => {
    visitorApi({ 'POST /api/auth/login': apiError(401, 'auth/wrong-password', 'Mot de passe incorrect 🙁') });
    await renderGate();
    type('Adresse mail', 'lea@example.fr');
    type('Mot de passe', 'faux');
    fireEvent.click(await screen.findByRole('button', { name: 'Se connecter' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Oups ! Huston, on a un problème :');
    expect(alert.textContent).toContain('Mot de passe incorrect 🙁');
  });
});

async function openRegister() {
  fireEvent.click(await screen.findByRole('link', { name: 'Créer un compte' }));
  await screen.findByRole('button', { name: 'Continuer' });
}

function fillStep1() {
  type('Adresse mail', 'lea@example.fr');
  type('Mot de passe', GOOD_PASSWORD);
  type('Confirmation du mot de passe', GOOD_PASSWORD);
}

function fillStep2() {
  type("Nom d'utilisateur", 'lea93');
  type('Prénom', 'Léa');
  type('Nom', 'Martin');
  fireEvent.click(screen.getByRole('checkbox', { name: /J'accepte les conditions d'utilisation et je déclare avoir plus de 18 ans/ }));
}

describe('register', () => {
  it('enables "Continuer" only with a valid e-mail, an accepted password and its confirmation', async () => {
    visitorApi();
    await renderGate();
    await openRegister();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Créer un compte');
    expect(isEnabled(button('Continuer'))).toBe(false);

    type('Adresse mail', 'lea@example');
    // Not red while it is being typed: once the field is left.
    expect(screen.queryByText('Adresse mail invalide')).toBeNull();
    expect(screen.getByLabelText('Adresse mail').getAttribute('aria-invalid')).toBeNull();
    fireEvent.blur(screen.getByLabelText('Adresse mail'));
    expect(screen.getByText('Adresse mail invalide')).toBeTruthy();
    type('Adresse mail', 'lea@example.fr');
    expect(screen.queryByText('Adresse mail invalide')).toBeNull();

    type('Mot de passe', 'Password');
    expect(screen.getByRole('meter', { name: 'Force du mot de passe' }).getAttribute('aria-valuetext')).toBe('Faible');
    type('Confirmation du mot de passe', 'Password');
    expect(isEnabled(button('Continuer'))).toBe(false);

    type('Mot de passe', GOOD_PASSWORD);
    fireEvent.blur(screen.getByLabelText('Confirmation du mot de passe'));
    expect(screen.getByText('Les mots de passe ne correspondent pas')).toBeTruthy();
    expect(isEnabled(button('Continuer'))).toBe(false);
    type('Confirmation du mot de passe', GOOD_PASSWORD);
    expect(screen.queryByText('Les mots de passe ne correspondent pas')).toBeNull();
    expect(isEnabled(button('Continuer'))).toBe(true);
  });

  it('goes to step 2, whose back arrow returns to step 1 keeping what was typed', async () => {
    visitorApi();
    await renderGate();
    await openRegister();
    fillStep1();
    fireEvent.click(button('Continuer'));

    const createButton = await screen.findByRole('button', { name: 'Créer mon compte' });
    expect(isEnabled(createButton)).toBe(false);
    type("Nom d'utilisateur", 'lea93');
    type('Prénom', 'Léa');
    type('Nom', 'Martin');
    expect(isEnabled(button('Créer mon compte'))).toBe(false);
    fireEvent.click(screen.getByRole('checkbox', { name: /conditions d'utilisation.*18 ans/ }));
    expect(isEnabled(button('Créer mon compte'))).toBe(true);
    expect(screen.getByRole('link', { name: "conditions d'utilisation" }).getAttribute('href')).toBe(
      '/legal/conditions-utilisation.pdf',
    );

    fireEvent.click(button('Retour'));
    expect((screen.getByLabelText('Adresse mail') as HTMLInputElement).value).toBe('lea@example.fr');
    expect((screen.getByLabelText('Mot de passe') as HTMLInputElement).value).toBe(GOOD_PASSWORD);
    expect((screen.getByLabelText('Confirmation du mot de passe') as HTMLInputElement).value).toBe(GOOD_PASSWORD);
    // Focus moved to the step's heading, so screen readers hear where they are.
    expect(document.activeElement?.textContent).toContain('Étape 1 sur 2');

    fireEvent.click(button('Continuer'));
    expect((screen.getByLabelText("Nom d'utilisateur") as HTMLInputElement).value).toBe('lea93');
    expect((screen.getByLabelText('Prénom') as HTMLInputElement).value).toBe('Léa');
    expect((screen.getByRole('checkbox', { name: /conditions d'utilisation/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('says which field holds "Créer mon compte" back, and marks the terms box when pressed anyway', async () => {
    visitorApi();
    await renderGate('/account?auth=register');
    await screen.findByRole('button', { name: 'Continuer' });
    // Quiet until something is typed.
    expect(screen.queryByText(/À compléter/)).toBeNull();
    type('Adresse mail', 'lea@example.fr');
    expect(screen.getByText('À compléter : Mot de passe, Confirmation du mot de passe')).toBeTruthy();
    fillStep1();
    fireEvent.click(button('Continuer'));
    await screen.findByRole('button', { name: 'Créer mon compte' });
    type("Nom d'utilisateur", 'lea93');
    type('Prénom', 'Léa');
    type('Nom', 'Martin');
    expect(screen.getByText("À compléter : case des conditions d'utilisation")).toBeTruthy();
    fireEvent.click(button('Créer mon compte'), { detail: 0 });
    const terms = screen.getByRole('checkbox', { name: /conditions d'utilisation/ });
    expect(document.activeElement).toBe(terms);
    expect(terms.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(terms.getAttribute('aria-describedby')!)?.textContent).toBe('Coche cette case pour créer ton compte');
    // The spec's tooltip is still what the button says.
    expect(screen.getByRole('tooltip').textContent).toBe("Ce bouton n'aime pas les champs vides ou rouges 🙁");
    fireEvent.click(terms);
    expect(screen.queryByText('Coche cette case pour créer ton compte')).toBeNull();
    expect(isEnabled(button('Créer mon compte'))).toBe(true);
  });

  it('registers, signs in and goes to /account', async () => {
    const { calls } = visitorApi({ 'POST /api/fn/users-registerUser': { status: 200, body: { data: { uuid: LEA.uuid } } } });
    await renderGate('/account?auth=register');
    await screen.findByRole('button', { name: 'Continuer' });
    fillStep1();
    fireEvent.click(button('Continuer'));
    fillStep2();
    fireEvent.click(button('Créer mon compte'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/account'));
    expect(await screen.findByText('Contenu réservé')).toBeTruthy();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/auth/me',
      'POST /api/fn/users-registerUser',
      'POST /api/auth/login',
      'GET /api/auth/me',
    ]);
    // The newsletter box starts unticked: no subscription unless asked for (decision 0010).
    expect(calls[1].body).toEqual({ email: 'lea@example.fr', username: 'lea93', firstname: 'Léa', lastname: 'Martin', pwd: GOOD_PASSWORD, newsletter: false });
    expect(calls[2].body).toEqual({ email: 'lea@example.fr', password: GOOD_PASSWORD });
  });

  it.each([
    ['a members-only page, on it', '/leave-a-print?auth=register', '/leave-a-print', '/leave-a-print'],
    ['/account from a page to return to, on /account asked to return', '/account?auth=register&retour=/vote', '/account', '/account?retour=%2Fvote'],
  ])('registered from %s, stays where the visitor was going', async (_, url, path, landing) => {
    visitorApi({ 'POST /api/fn/users-registerUser': { status: 200, body: { data: { uuid: LEA.uuid } } } });
    await renderGate(url, path);
    await screen.findByRole('button', { name: 'Continuer' });
    fillStep1();
    fireEvent.click(button('Continuer'));
    fillStep2();
    fireEvent.click(button('Créer mon compte'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(landing));
    expect(await screen.findByText('Contenu réservé')).toBeTruthy();
  });

  it('offers the newsletter unticked and optional, and sends the choice', async () => {
    const { calls } = visitorApi({ 'POST /api/fn/users-registerUser': { status: 200, body: { data: { uuid: LEA.uuid } } } });
    await renderGate('/account?auth=register');
    await screen.findByRole('button', { name: 'Continuer' });
    fillStep1();
    fireEvent.click(button('Continuer'));
    const newsletter = screen.getByRole('checkbox', { name: 'Recevoir la newsletter' }) as HTMLInputElement;
    expect(newsletter.checked).toBe(false);
    fillStep2();
    expect(isEnabled(button('Créer mon compte'))).toBe(true);
    fireEvent.click(newsletter);
    fireEvent.click(button('Créer mon compte'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/account'));
    expect(calls.find((call) => call.path === '/api/fn/users-registerUser')?.body).toMatchObject({ newsletter: true });
  });

  it('returns to step 1, values kept, when the e-mail is already taken', async () => {
    visitorApi({
      'POST /api/fn/users-registerUser': apiError(409, 'users/email-already-taken', 'Cette adresse mail est déjà utilisée 🙁'),
    });
    await renderGate('/account?auth=register');
    await screen.findByRole('button', { name: 'Continuer' });
    fillStep1();
    fireEvent.click(button('Continuer'));
    fillStep2();
    fireEvent.click(button('Créer mon compte'));
    expect((await screen.findByRole('alert')).textContent).toContain('Cette adresse mail est déjà utilisée 🙁');
    expect(await screen.findByRole('button', { name: 'Continuer' })).toBeTruthy();
    const field = screen.getByLabelText('Adresse mail') as HTMLInputElement;
    expect(field.value).toBe('lea@example.fr');
    // The field itself says so, has the focus, and offers the ways in for an existing account.
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const description = (field.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent).join(' ');
    expect(description).toContain('Tu as déjà un compte ?');
    expect(screen.getAllByRole('link', { name: 'Se connecter' })[0].getAttribute('href')).toBe('/account');
    expect(screen.getByRole('link', { name: 'Mot de passe oublié ?' }).getAttribute('href')).toBe('/account?auth=forgot');
    fireEvent.click(button('Continuer'));
    expect((await screen.findByLabelText("Nom d'utilisateur") as HTMLInputElement).value).toBe('lea93');
    fireEvent.click(button('Retour'));
    // Another address: no longer marked.
    type('Adresse mail', 'lea.bis@example.fr');
    expect((await screen.findByLabelText('Adresse mail')).getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Tu as déjà un compte ?')).toBeNull();
  });

  it("puts step 2 in the history: Back returns to step 1, Forward to step 2, nothing typed lost", async () => {
    visitorApi();
    const { router } = await renderGate('/account?auth=register');
    await screen.findByRole('button', { name: 'Continuer' });
    fillStep1();
    fireEvent.click(button('Continuer'));
    type("Nom d'utilisateur", 'lea93');
    await act(() => router.navigate(-1));
    expect((await screen.findByLabelText('Confirmation du mot de passe') as HTMLInputElement).value).toBe(GOOD_PASSWORD);
    // Still the page of the switch's registration side.
    expect(screen.getByTestId('location').textContent).toBe('/account?auth=register');
    await act(() => router.navigate(1));
    expect((await screen.findByLabelText("Nom d'utilisateur") as HTMLInputElement).value).toBe('lea93');
  });

  it('stays on step 2 when the username is taken', async () => {
    visitorApi({
      'POST /api/fn/users-registerUser': apiError(409, 'users/username-already-taken', "Ce nom d'utilisateur n'est pas disponible 🙁"),
    });
    await renderGate('/account?auth=register');
    await screen.findByRole('button', { name: 'Continuer' });
    fillStep1();
    fireEvent.click(button('Continuer'));
    fillStep2();
    fireEvent.click(button('Créer mon compte'));
    expect((await screen.findByRole('alert')).textContent).toContain("Ce nom d'utilisateur n'est pas disponible 🙁");
    expect(screen.getByRole('button', { name: 'Créer mon compte' })).toBeTruthy();
  });
});

describe('forgot password', () => {
  it('keeps the typed e-mail, asks for a valid one, then confirms the mail', async () => {
    const { calls } = visitorApi({ 'POST /api/fn/users-forgotPassword': { status: 200, body: { data: { sent: true } } } });
    await renderGate();
    type('Adresse mail', 'lea@');
    fireEvent.click(await screen.findByRole('link', { name: 'Mot de passe oublié ?' }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Mot de passe oublié');
    expect((screen.getByLabelText('Adresse mail') as HTMLInputElement).value).toBe('lea@');
    expect(screen.getByText('Veuillez entrer une adresse mail pour renouveler le mot de passe')).toBeTruthy();
    expect(isEnabled(button('Envoyer'))).toBe(false);

    type('Adresse mail', 'lea@example.fr');
    expect(isEnabled(button('Envoyer'))).toBe(true);
    fireEvent.click(button('Envoyer'));
    expect(await screen.findByText(/Un mail avec un mot de passe temporaire t'a été envoyé/)).toBeTruthy();
    expect(calls.at(-1)?.body).toEqual({ userMail: 'lea@example.fr' });
  });

  it('says when no account has this address', async () => {
    visitorApi({ 'POST /api/fn/users-forgotPassword': apiError(404, 'users/no-user-found', 'Aucun compte trouvé') });
    await renderGate('/account?auth=forgot');
    type('Adresse mail', 'personne@example.fr');
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Envoyer' }));
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Aucun compte trouvé');
  });
});

describe('AuthGate for staff pages', () => {
  const gate = (props: { permission?: 'moderate' | 'administer' | 'edit-texts'; staff?: boolean }, roles: string[], path: string) => {
    stubApi({ 'GET /api/auth/me': { status: 200, body: { ...LEA, roles } } });
    return renderPage(
      <AuthGate {...props}>
        <h1>Page du personnel</h1>
      </AuthGate>,
      { path },
    );
  };

  it('lets an editor into the /admin home and sends them home from members and moderation, as any member', async () => {
    const home = gate({ staff: true }, ['editor'], '/admin');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Page du personnel');
    expect(home.router.state.location.pathname).toBe('/admin');
    cleanup();
    for (const [permission, path] of [['administer', '/admin/members'], ['moderate', '/admin/moderation']] as const) {
      const refused = gate({ permission }, ['editor'], path);
      await waitFor(() => expect(refused.router.state.location.pathname).toBe('/'));
      expect(screen.queryByText('Page du personnel')).toBeNull();
      cleanup();
    }
  });

  it('keeps a plain member out of the /admin home', async () => {
    const refused = gate({ staff: true }, [], '/admin');
    await waitFor(() => expect(refused.router.state.location.pathname).toBe('/'));
    expect(screen.queryByText('Page du personnel')).toBeNull();
  });
});
