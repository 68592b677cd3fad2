import { AdminHome } from '../features/admin/AdminHome';
import { AdminEventReports } from '../features/report-event/AdminEventReports';
import { AdminWikiFeedback } from '../features/wiki/AdminWikiFeedback';
import { pageMeta } from '../seo';

export const meta = () => pageMeta({ title: 'Administration', description: "Espace d'administration.", path: '/admin', noindex: true });

export default function Page() {
  return (
    <AdminHome>
      <div className="stack stack--large admin__panels">
        <AdminEventReports />
        <AdminWikiFeedback />
      </div>
    </AdminHome>
  );
}
