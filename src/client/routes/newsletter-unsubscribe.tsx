import { UnsubscribePage } from '../capabilities/newsletter/UnsubscribePage';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: 'Désinscription de la newsletter',
    description: 'Désinscription de la newsletter.',
    path: '/newsletter-unsubscribe',
    noindex: true,
  });

export default function Page() {
  return <UnsubscribePage />;
}
