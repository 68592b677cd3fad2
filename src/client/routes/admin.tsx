import { AdminAudience } from '../capabilities/audience/AdminAudience';
import { AdminHome } from '../capabilities/dashboard/AdminHome';
import { HealthPanel } from '../capabilities/dashboard/HealthPanel';
import { Statistics } from '../capabilities/dashboard/Statistics';
import { AdminEventReports } from '../capabilities/event-reports/AdminEventReports';
import { AdminWikiFeedback } from '../capabilities/wiki/AdminWikiFeedback';
import { pageMeta } from '../seo';

export const meta = () => pageMeta({ title: 'Administration', description: "Espace d'administration.", path: '/admin', noindex: true });

export default function Page() {
  return (
    <AdminHome>
      <div className="stack stack--large admin__panels">
        <HealthPanel />
        <Statistics />
        <AdminAudience />
        <AdminEventReports />
        <AdminWikiFeedback />
      </div>
    </AdminHome>
  );
}
