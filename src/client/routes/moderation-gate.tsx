import { Outlet } from 'react-router';
import { AuthGate } from '../capabilities/accounts/AuthGate';

/** /admin/moderation: admins and moderators (the `moderate` permission). */
export default function ModerationGate() {
  return (
    <AuthGate permission="moderate">
      <Outlet />
    </AuthGate>
  );
}
