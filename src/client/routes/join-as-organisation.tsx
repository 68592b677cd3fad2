import { OrganisationRegisterPage } from '../capabilities/organisations/OrganisationRegisterPage';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: "Créer un compte organisation",
    description: "Clubs, associations et organisateurs : ouvrez votre compte organisation pour publier vos événements.",
    path: '/join_as_organisation',
  });

export default function Page() {
  return <OrganisationRegisterPage />;
}
