import type { ReactNode } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, type LinksFunction, type MetaFunction } from 'react-router';
import { publicConfig } from './config';
import { ReauthenticationDialog } from './capabilities/accounts/ReauthenticationDialog';
import { AuthProvider } from './platform/session/auth-context';
import { useInlinedStyleSheets } from './layout/inlined-style-sheets';
import { SiteFooter } from './layout/SiteFooter';
import { SiteHeader } from './layout/SiteHeader';
import { LoadingView } from './platform/ui/Spinner';
import './styles/index.css';
import { useAudience } from './capabilities/audience/useAudience';

export const links: LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

/**
 * The title until a page's own meta replaces it: the SPA fallback, served for every signed-in
 * page, is built with no page route matched, and a document needs a title.
 */
export const meta: MetaFunction = () => [{ title: publicConfig.projectName }, { name: 'robots', content: 'noindex' }];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b3d91" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#contenu">
          Aller au contenu
        </a>
        {/* Around the page and the view before its scripts ran alike: one session for the document. */}
        <AuthProvider>{children}</AuthProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

function SiteFrame({ children }: { children: ReactNode }) {
  return (
    <div className="site-layout">
      <SiteHeader />
      <main id="contenu" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

export default function App() {
  useInlinedStyleSheets();
  useAudience();
  return (
    <SiteFrame>
      <Outlet />
      {/* Asks the password again when a sensitive act needs it, on any page. */}
      <ReauthenticationDialog />
    </SiteFrame>
  );
}

/**
 * The page until its scripts have run. It is the whole body of the SPA fallback, the HTML
 * served for every page that depends on who is signed in or on its URL (/account, the
 * verification link, the admin's pages…): on a slow connection the visitor sees the site and
 * a loading view in the box the gates' own loading view takes next, rather than a white page,
 * and a browser without JavaScript says what is missing.
 */
export function HydrateFallback() {
  return (
    <SiteFrame>
      <LoadingView label="Chargement de la page…" />
      <noscript>
        <p className="container section">
          Cette page a besoin de JavaScript pour fonctionner : active-le dans ton navigateur, puis recharge la page.
        </p>
      </noscript>
    </SiteFrame>
  );
}

export function ErrorBoundary({ error }: { error: unknown }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="contenu" className="container section">
      <h1>{notFound ? 'Page introuvable' : 'Une erreur est survenue'}</h1>
      <p>{notFound ? "Cette page n'existe pas." : 'Recharge la page ou reviens un peu plus tard.'}</p>
      <a href="/">Retour à l'accueil</a>
    </main>
  );
}
