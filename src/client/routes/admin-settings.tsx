import { AdminSettings } from '../capabilities/settings/AdminSettings';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: 'Réglages',
    description: 'Réglages du site : montant du bonus du premier trajet.',
    path: '/admin/settings',
    noindex: true,
  });

export default function Page() {
  return <AdminSettings />;
}
