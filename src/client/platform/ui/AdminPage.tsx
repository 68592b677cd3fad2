import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './admin.css';

/**
 * The frame of an admin page: the way back to /admin, the title and what the page is for,
 * then the page's own blocks.
 */
export function AdminPage({
  title,
  lead,
  className,
  children,
}: {
  title: string;
  lead: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={['container section admin', className].filter(Boolean).join(' ')}>
      <header className="admin__header">
        <nav aria-label="Fil d'Ariane" className="admin__breadcrumb">
          <Link to="/admin">← Administration</Link>
        </nav>
        <h1>{title}</h1>
        <p className="lead">{lead}</p>
      </header>
      {children}
    </div>
  );
}
