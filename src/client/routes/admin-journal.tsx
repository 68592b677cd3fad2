import { AdminJournal } from '../features/journal/AdminJournal';
import { pageMeta } from '../seo';
// The admin pages' shared layout (header, breadcrumb, blocks).
import '../features/admin/admin.css';

export const meta = () => pageMeta({ title: 'Journal', description: "Les actions de l'administration et de la modération.", path: '/admin/journal', noindex: true });

export default function Page() {
  return <AdminJournal />;
}
