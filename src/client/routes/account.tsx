import { AccountPage } from '../capabilities/accounts/AccountPage';
import { DigestPreference } from '../capabilities/moderation/DigestPreference';
import { NewsletterPreference } from '../capabilities/newsletter/NewsletterPreference';
import { pageMeta } from '../seo';

export const meta = () => pageMeta({ title: 'Mon compte', description: 'Ton compte membre.', path: '/account', noindex: true });

export default function Page() {
  return (
    <AccountPage
      settings={
        <>
          <NewsletterPreference />
          <DigestPreference />
        </>
      }
    />
  );
}
