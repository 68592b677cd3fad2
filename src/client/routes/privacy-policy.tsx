import { TEXT_PARTS } from '../../shared/text-pages';
import { PrivacyPolicy } from '../capabilities/legal/PrivacyPolicy';
import { writtenHead } from '../capabilities/texts/index';
import { pageMeta } from '../seo';

// The published policy's title and description are written by the server into the page it sends.
export const meta = () =>
  pageMeta({
    ...(writtenHead(TEXT_PARTS.privacyPolicyHeading) ?? {
      title: 'Politique de confidentialité',
      description: 'Ce que nous collectons, pourquoi, combien de temps nous le gardons et comment exercer tes droits.',
    }),
    path: '/calshare/privacy_policy',
  });

export default function Page() {
  return <PrivacyPolicy />;
}
