import { LegalNoticePage } from '../capabilities/settings/LegalNoticePage';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: 'Mentions légales',
    description: "Qui édite ce site et qui l'héberge : l'association, son siège, sa direction de la publication et son hébergeur.",
    path: '/mentions-legales',
  });

export default function Page() {
  return <LegalNoticePage />;
}
