import { NewsletterEditor } from '../capabilities/newsletter/NewsletterEditor';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: 'Newsletter',
    description: 'Rédiger et envoyer la newsletter.',
    path: '/admin/newsletter-editor',
    noindex: true,
  });

export default function Page() {
  return <NewsletterEditor />;
}
