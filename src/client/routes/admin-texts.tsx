import { AdminTexts } from '../capabilities/texts/AdminTexts';
import { WikiArticlesAdmin } from '../capabilities/wiki/index';
import { pageMeta } from '../seo';

export const meta = () => pageMeta({ title: 'Textes du site', description: 'Modifier les textes du site.', path: '/admin/textes', noindex: true });

export default function Page() {
  return (
    <AdminTexts>
      <WikiArticlesAdmin />
    </AdminTexts>
  );
}
