import { AdminMembers } from '../capabilities/members/AdminMembers';
import { pageMeta } from '../seo';
// The admin pages' shared layout (header, breadcrumb, blocks).
import '../capabilities/dashboard/admin.css';

export const meta = () => pageMeta({ title: 'Membres', description: 'Chercher un membre, ses rôles, sa suspension.', path: '/admin/members', noindex: true });

export default function Page() {
  return <AdminMembers />;
}
