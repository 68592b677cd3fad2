import { AdminHome } from '../features/admin/AdminHome';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: "Administration",
    description: "Espace d'administration.",
    path: '/admin', noindex: true,
  });

export default function Page() {
  return <AdminHome />;
}
