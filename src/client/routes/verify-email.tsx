import { VerifyEmailPage } from '../capabilities/accounts/VerifyEmailPage';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: 'Vérification de ton adresse mail',
    description: 'Vérification de ton adresse mail.',
    path: '/verifier-adresse',
    noindex: true,
  });

export default function Page() {
  return <VerifyEmailPage />;
}
