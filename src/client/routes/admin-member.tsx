import { useParams } from 'react-router';
import { MemberDetail } from '../capabilities/members/MemberDetail';
import { pageMeta } from '../seo';

export const meta = () => pageMeta({ title: 'Membre', description: "Le compte d'un membre.", path: '/admin/members', noindex: true });

export default function Page() {
  const { id = '' } = useParams();
  // A new member's page starts afresh (no state carried over from the previous one).
  return <MemberDetail key={id} id={id} />;
}
