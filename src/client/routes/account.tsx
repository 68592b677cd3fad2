import { AccountPage } from '../features/account/AccountPage';
import { DigestPreference } from '../features/moderation/DigestPreference';
import { NewsletterPreference } from '../features/newsletter/NewsletterPreference';
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
