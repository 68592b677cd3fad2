import { AdminJournal } from '../capabilities/journal/AdminJournal';
import { pageMeta } from '../seo';

export const meta = () => pageMeta({ title: 'Journal', description: "Les actions de l'administration et de la modération.", path: '/admin/journal', noindex: true });

export default function Page() {
  return <AdminJournal />;
}
