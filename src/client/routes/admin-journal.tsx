import { AdminJournal } from '../capabilities/journal/AdminJournal';
import { pageMeta } from '../seo';
// The admin pages' shared layout (header, breadcrumb, blocks).
import '../capabilities/dashboard/admin.css';

export const meta = () => pageMeta({ title: 'Journal', description: "Les actions de l'administration et de la modération.", path: '/admin/journal', noindex: true });

export default function Page() {
  return <AdminJournal />;
}
