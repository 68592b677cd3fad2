import { AdminOrganisations } from '../capabilities/organisations/AdminOrganisations';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: "Organisations",
    description: "Adresses autorisées et organisations inscrites.",
    path: '/admin/organisations', noindex: true,
  });

export default function Page() {
  return <AdminOrganisations />;
}
