import policy from '../../../content/privacy-policy.md';
import { PrivacyPolicy } from '../capabilities/legal/PrivacyPolicy';
import { pageMeta } from '../seo';

export const meta = () =>
  pageMeta({
    title: policy.title,
    description: policy.description,
    path: '/calshare/privacy_policy',
  });

export default function Page() {
  return <PrivacyPolicy policy={policy} />;
}
