import { ReportEventPage } from '../capabilities/event-reports/ReportEventPage';
import { publicConfig } from '../config';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: 'Signaler un événement',
    description: `Signale un événement sportif pour qu'il apparaisse dans ${publicConfig.appName} et que chacun puisse s'y rendre en covoiturage.`,
    path: '/go_with_calshare',
  });

export default function Page() {
  return <ReportEventPage />;
}
