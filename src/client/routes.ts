import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('join', 'routes/join.tsx'),
  route('join_as_organisation', 'routes/join-as-organisation.tsx'),
  route('vote', 'routes/vote.tsx'),
  route('go_with_calshare', 'routes/report-event.tsx'),
  route('calshare', 'routes/calshare.tsx'),
  route('calshare/organisations', 'routes/organisations-guide.tsx'),
  route('calshare/download', 'routes/download.tsx'),
  route('calshare/wiki/:articleId?', 'routes/wiki.tsx'),
  route('calshare/privacy_policy', 'routes/privacy-policy.tsx'),
  route('calshare/visuals', 'routes/visuals.tsx'),
  route('mentions-legales', 'routes/legal-notice.tsx'),
  // The link of the verification mail (VERIFY_EMAIL_PAGE): signed in or not.
  route('verifier-adresse/:token', 'routes/verify-email.tsx'),
  // Where a deleted account's member lands (ACCOUNT_DELETED_PAGE): signed out by then.
  route('compte-supprime', 'routes/account-deleted.tsx'),
  layout('routes/member-gate.tsx', [
    route('account', 'routes/account.tsx'),
    route('leave-a-print', 'routes/leave-a-print.tsx'),
    route('calshare/surveys/pre-use', 'routes/survey-pre-use.tsx'),
    route('calshare/surveys/post-use', 'routes/survey-post-use.tsx'),
    route('newsletter-unsubscribe/:userId', 'routes/newsletter-unsubscribe.tsx'),
  ]),
  layout('routes/staff-gate.tsx', [route('admin', 'routes/admin.tsx')]),
  layout('routes/texts-gate.tsx', [route('admin/textes', 'routes/admin-texts.tsx'), route('admin/textes/:id', 'routes/admin-text.tsx')]),
  layout('routes/moderation-gate.tsx', [route('admin/moderation', 'routes/admin-moderation.tsx')]),
  layout('routes/admin-gate.tsx', [
    route('admin/organisations', 'routes/admin-organisations.tsx'),
    route('admin/surveys', 'routes/admin-surveys.tsx'),
    route('admin/settings', 'routes/admin-settings.tsx'),
    route('admin/newsletter-editor', 'routes/admin-newsletter-editor.tsx'),
    route('admin/members', 'routes/admin-members.tsx'),
    route('admin/members/:id', 'routes/admin-member.tsx'),
    route('admin/journal', 'routes/admin-journal.tsx'),
  ]),
  route('*', 'routes/catch-all.tsx'),
] satisfies RouteConfig;
