import { describe, expect, inject, it } from 'vitest';
import { errorCatalogue } from '../../src/shared/messages';
import { createMember, PASSWORD, signIn, shoot, SITE_ENV, uniqueEmail } from './accounts-support';
import { browserAvailable, openPage, settle, VIEWPORTS } from './support/browser';
import { siteAndBrowser } from './support/suite';

describe.skipIf(!browserAvailable())(`accounts: register, login, forgot password, gate ${inject('browserSkipReason')}`, () => {
  const suite = siteAndBrowser(SITE_ENV);

  it('registers in two steps, the back arrow keeping what was typed, and lands on /account', async () => {
    const { page, context } = await openPage(suite.browser, suite.site.url);
    const email = uniqueEmail('lea');
    await page.goto('/account');
    await page.getByRole('link', { name: 'Créer un compte' }).click();
    await page.getByRole('heading', { level: 1, name: 'Créer un compte' }).waitFor();
    expect(new URL(page.url()).search).toBe('?auth=register');

    const next = page.getByRole('button', { name: 'Continuer' });
    await expect(next.getAttribute('aria-disabled')).resolves.toBe('true');
    await page.getByLabel('Adresse mail', { exact: true }).fill('lea@exemple');
    await page.getByLabel('Adresse mail', { exact: true }).blur();
    await page.getByText('Adresse mail invalide', { exact: true }).waitFor();
    await page.getByLabel('Adresse mail', { exact: true }).fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('Password');
    await page.getByText('Faible', { exact: true }).waitFor();
    await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await page.getByText('Fort', { exact: true }).waitFor();
    await page.getByLabel('Confirmation du mot de passe').fill(`${PASSWORD}x`);
    await page.getByLabel('Confirmation du mot de passe').blur();
    await page.getByText('Les mots de passe ne correspondent pas').waitFor();
    await page.getByLabel('Confirmation du mot de passe').fill(PASSWORD);
    await expect(next.getAttribute('aria-disabled')).resolves.toBeNull();
    await next.click();

    const create = page.getByRole('button', { name: 'Créer mon compte' });
    await create.waitFor();
    await page.getByLabel("Nom d'utilisateur").fill('lea_e2e');
    await page.getByLabel('Prénom').fill('Léa');
    await page.getByLabel('Nom', { exact: true }).fill('Martin');
    await expect(create.getAttribute('aria-disabled')).resolves.toBe('true');

    // Back to step 1 and forward again: nothing typed is lost.
    await page.getByRole('button', { name: 'Retour' }).click();
    await expect(page.getByLabel('Adresse mail', { exact: true }).inputValue()).resolves.toBe(email);
    await expect(page.getByLabel('Confirmation du mot de passe').inputValue()).resolves.toBe(PASSWORD);
    await next.click();
    await expect(page.getByLabel("Nom d'utilisateur").inputValue()).resolves.toBe('lea_e2e');

    await page.getByRole('checkbox', { name: /J'accepte les conditions d'utilisation et je déclare avoir plus de 18 ans/ }).check();
    // The newsletter is asked for, never assumed: the box starts unticked and is optional.
    await expect(page.getByRole('checkbox', { name: 'Recevoir la newsletter' }).isChecked()).resolves.toBe(false);
    await create.click();
    await page.waitForURL((url) => url.pathname === '/account' && url.search === '');
    await page.getByRole('heading', { level: 1, name: 'Léa Martin', exact: true }).waitFor();
    await page.getByText('Salut Léa 👋').waitFor();
    await page.getByText('@lea_e2e').waitFor();
    await expect(page.getByRole('checkbox', { name: 'Recevoir la newsletter' }).isChecked()).resolves.toBe(false);
    await context.close();
  });

  it('sends the visitor back to step 1 when the e-mail is already used', async () => {
    const member = await createMember(suite.site);
    // The address is taken.
    const { page, context } = await openPage(suite.browser, suite.site.url, 'desktop', { expectedStatuses: [409] });
    await page.goto('/account?auth=register');
    await page.getByLabel('Adresse mail', { exact: true }).fill(member.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirmation du mot de passe').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.getByLabel("Nom d'utilisateur").fill('autre_lea');
    await page.getByLabel('Prénom').fill('Léa');
    await page.getByLabel('Nom', { exact: true }).fill('Autre');
    await page.getByRole('checkbox', { name: /conditions d'utilisation.*18 ans/ }).check();
    await page.getByRole('button', { name: 'Créer mon compte' }).click();

    const alert = page.getByRole('alert');
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toContain('Cette adresse mail est déjà utilisée 🙁');
    await page.getByRole('button', { name: 'Continuer' }).waitFor();
    await expect(page.getByLabel('Adresse mail', { exact: true }).inputValue()).resolves.toBe(member.email);
    await context.close();
  });

  it('logs in and out', async () => {
    const member = await createMember(suite.site, { firstname: 'Inès', lastname: 'Diallo' });
    const { page, context } = await openPage(suite.browser, suite.site.url);
    await page.goto('/account');
    const login = page.getByRole('button', { name: 'Se connecter', exact: true });
    await expect(login.getAttribute('aria-disabled')).resolves.toBe('true');
    await signIn(page, member.email, member.password);
    await page.getByRole('heading', { level: 1, name: 'Inès Diallo', exact: true }).waitFor();
    await expect(page.getByRole('link', { name: 'Voter pour un sport' }).getAttribute('href')).resolves.toBe('/vote');
    await expect(page.getByRole('link', { name: 'Laisser une marque' }).getAttribute('href')).resolves.toBe('/leave-a-print');

    // The session survives a reload.
    await page.reload();
    await page.getByText('Salut Inès 👋').waitFor();

    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/account');
    await page.getByRole('heading', { level: 1, name: 'Connexion', exact: true }).waitFor();
    await context.close();
  });

  it('tells an unknown address and a wrong password apart', async () => {
    const member = await createMember(suite.site);
    // An unknown address, a wrong password, and an address the form lets through that the server refuses.
    const { page, context } = await openPage(suite.browser, suite.site.url, 'desktop', { expectedStatuses: [400, 401, 404] });
    await page.goto('/account');
    await page.getByLabel('Adresse mail', { exact: true }).fill(uniqueEmail('personne'));
    await page.getByLabel('Mot de passe', { exact: true }).fill('nimporte');
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await page.getByRole('alert').getByText(errorCatalogue['auth/user-not-found']).waitFor();

    await page.getByLabel('Adresse mail', { exact: true }).fill(member.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('Mauvais-mot-2025!');
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await page.getByRole('alert').getByText(errorCatalogue['auth/wrong-password']).waitFor();

    await page.getByLabel('Adresse mail', { exact: true }).fill('pas-une-adresse');
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await page.getByRole('alert').getByText(errorCatalogue['auth/invalid-email']).waitFor();
    await context.close();
  });

  it('renews a forgotten password through the mailed temporary one', async () => {
    const member = await createMember(suite.site, { firstname: 'Zoé' });
    // An unknown address first.
    const { page, context } = await openPage(suite.browser, suite.site.url, 'desktop', { expectedStatuses: [404] });
    await page.goto('/account');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    const send = page.getByRole('button', { name: 'Envoyer' });
    await page.getByText('Veuillez entrer une adresse mail pour renouveler le mot de passe').waitFor();
    await expect(send.getAttribute('aria-disabled')).resolves.toBe('true');

    await page.getByLabel('Adresse mail', { exact: true }).fill(uniqueEmail('inconnu'));
    await send.click();
    await page.getByRole('alert').getByText('Aucun compte trouvé').waitFor();

    await page.getByLabel('Adresse mail', { exact: true }).fill(member.email);
    await send.click();
    await page.getByText(/Un mail avec un mot de passe temporaire t'a été envoyé/).waitFor();

    const mail = await suite.site.mailbox.waitFor(member.email, (entry) => entry.parsed.subject === 'Ton mot de passe temporaire');
    const temporary = /^\s{4}(\S+)\s*$/m.exec(mail.parsed.text ?? '')?.[1];
    expect(temporary, mail.parsed.text).toBeTruthy();

    await page.getByRole('link', { name: 'Retour à la connexion' }).click();
    await signIn(page, member.email, temporary!);
    await page.getByRole('heading', { name: 'Choisis un nouveau mot de passe' }).waitFor();
    await expect(page.getByLabel('Bio', { exact: true }).count()).resolves.toBe(0);
    const newPassword = 'Nouveau-Depart-2025!';
    await page.getByLabel('Mot de passe temporaire', { exact: true }).fill(temporary!);
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirmation du mot de passe').fill(newPassword);
    await page.getByRole('button', { name: 'Enregistrer mon nouveau mot de passe' }).click();
    await page.getByText('Ton nouveau mot de passe est enregistré.').waitFor();
    await page.getByLabel('Bio', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await signIn(page, member.email, newPassword);
    await page.getByText('Salut Zoé 👋').waitFor();
    await context.close();
  });

  it('guards members-only and admin pages', async () => {
    const member = await createMember(suite.site);
    const { page, context } = await openPage(suite.browser, suite.site.url);
    await page.goto('/leave-a-print');
    await page.getByRole('heading', { level: 1, name: 'Connexion', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Se connecter', exact: true }).waitFor();

    await signIn(page, member.email, member.password, '/admin');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/admin/organisations');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('on a phone, brings a member who signs in back to the page that asked, and never to another site', async () => {
    const member = await createMember(suite.site);
    const { page, context } = await openPage(suite.browser, suite.site.url, 'mobile', { context: { hasTouch: true } });
    const signInHere = async () => {
      await page.getByLabel('Adresse mail', { exact: true }).fill(member.email);
      await page.getByLabel('Mot de passe', { exact: true }).fill(member.password);
      await page.getByRole('button', { name: 'Se connecter', exact: true }).tap();
    };
    // A members' page shows the login form in place, and opens once signed in.
    await page.goto('/leave-a-print');
    await page.getByRole('heading', { level: 1, name: 'Connexion', exact: true }).waitFor();
    await signInHere();
    await page.getByRole('heading', { level: 1, name: 'Laisser une marque' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/leave-a-print');
    // The page asks for the member's word once signed in: signed out only once it has its answer.
    await settle(page);
    await context.clearCookies();

    // A link that asks to return to a members' page, after signing in, goes back there.
    await page.goto('/account?retour=/calshare/surveys/pre-use');
    await page.getByText('Connecte-toi, puis tu reviendras là où tu étais.').waitFor();
    await signInHere();
    await page.waitForURL((url) => url.pathname === '/calshare/surveys/pre-use' && url.search === '');
    await settle(page);
    await context.clearCookies();

    // Another site's address is no place to return to: the member stays on /account.
    await page.goto('/account?retour=%2F%2Fevil.example%2Fvote');
    await page.getByText('Connecte-toi pour accéder à cette page réservée aux membres.').waitFor();
    await signInHere();
    await page.getByText(`Salut ${member.firstname} 👋`).waitFor();
    expect(new URL(page.url()).href).toBe(`${suite.site.url}/account`);
    await context.close();
  });

  it('looks right on a phone and a desktop', async () => {
    for (const viewport of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
      const { page, context } = await openPage(suite.browser, suite.site.url, viewport);
      await page.goto('/account');
      await page.getByLabel('Adresse mail', { exact: true }).fill('lea@exemple.fr');
      await shoot(page, `accounts-login-${viewport}`);

      await page.getByRole('link', { name: 'Créer un compte' }).click();
      await page.getByRole('button', { name: 'Continuer' }).waitFor();
      await page.getByLabel('Adresse mail', { exact: true }).fill('lea@exemple');
      await page.getByLabel('Mot de passe', { exact: true }).fill('Passwor1!');
      await page.getByLabel('Confirmation du mot de passe').fill('Passwor');
      await page.getByRole('button', { name: 'Continuer' }).hover();
      await shoot(page, `accounts-register-step1-invalid-${viewport}`);
      await page.getByLabel('Adresse mail', { exact: true }).fill('lea@exemple.fr');
      await page.getByLabel('Confirmation du mot de passe').fill('Passwor1!');
      await shoot(page, `accounts-register-step1-${viewport}`);
      await page.getByRole('button', { name: 'Continuer' }).click();
      await page.getByLabel('Prénom').fill('Léa');
      await shoot(page, `accounts-register-step2-${viewport}`);

      await page.goto('/account?auth=forgot');
      await page.getByRole('button', { name: 'Envoyer' }).waitFor();
      await shoot(page, `accounts-forgot-${viewport}`);
      await context.close();
    }
  });
});
