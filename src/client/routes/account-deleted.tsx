import { AccountDeletedPage } from '../capabilities/accounts/AccountDeletedPage';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({ title: 'Compte supprimé', description: 'Ton compte est supprimé.', path: '/compte-supprime', noindex: true });

export default function Page() {
  return <AccountDeletedPage />;
}
