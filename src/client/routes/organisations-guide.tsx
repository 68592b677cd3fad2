import { OrganisationsGuide } from '../capabilities/organisations/OrganisationsGuide';
import { publicConfig } from '../config';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: 'Guide des organisations',
    description: `Clubs, associations, organisateurs : ouvre ton compte organisation et publie tes événements sur ${publicConfig.appName} en trois étapes.`,
    path: '/calshare/organisations',
  });

export default function Page() {
  return <OrganisationsGuide />;
}
