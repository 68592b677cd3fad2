import { Link } from 'react-router';
import { ModerationQueue } from '../capabilities/moderation/ModerationQueue';
import { pageMeta } from '../seo';

export const meta = () => pageMeta({ title: 'Modération', description: 'Mots de soutien et sports en attente.', path: '/admin/moderation', noindex: true });

export default function AdminModeration() {
  return (
    <div className="container section stack">
      <p>
        <Link to="/admin">← Administration</Link>
      </p>
      <h1>Modération</h1>
      <p className="lead">Les mots et sports approuvés apparaissent aussitôt sur les pages ouvertes des visiteurs.</p>
      <ModerationQueue />
    </div>
  );
}
