import { AdminMembers } from '../capabilities/members/AdminMembers';
import { pageMeta } from '../seo';

export const meta = () => pageMeta({ title: 'Membres', description: 'Chercher un membre, ses rôles, sa suspension.', path: '/admin/members', noindex: true });

export default function Page() {
  return <AdminMembers />;
}
