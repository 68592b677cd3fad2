import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { RETURN_PARAM, returnPath } from '../../shared/routes';
import { AccountPage } from '../capabilities/accounts/AccountPage';
import { DigestPreference } from '../capabilities/moderation/DigestPreference';
import { NewsletterPreference } from '../capabilities/newsletter/NewsletterPreference';
import { SurveyInvitation } from '../capabilities/surveys/SurveyInvitation';
import { useAuth } from '../platform/session/auth-context';
import { pageMeta } from '../seo';

export const meta = () => pageMeta({ title: 'Mon compte', description: 'Ton compte membre.', path: '/account', noindex: true });

export default function Page() {
  const [params] = useSearchParams();
  const { state } = useAuth();
  // A temporary password is replaced here first (the page then says it was): a member who
  // signed in with one stays, whatever page sent them.
  const [replacingPassword] = useState(() => state.status === 'signed-in' && state.user.mustChangePassword);
  // A page sent the visitor here to sign in (signInPath): once signed in, back there; a value
  // naming no page of this site only leaves the address.
  const back = params.has(RETURN_PARAM) && !replacingPassword ? (returnPath(params.get(RETURN_PARAM)) ?? '/account') : undefined;
  if (back) return <Navigate to={back} replace />;
  return (
    <AccountPage
      invitations={<SurveyInvitation />}
      settings={
        <>
          <NewsletterPreference />
          <DigestPreference />
        </>
      }
    />
  );
}
