import { Outlet } from 'react-router';
import { AuthGate } from '../capabilities/accounts/AuthGate';

/** Everything under /admin but its home and the moderation queue: admins only. */
export default function AdminGate() {
  return (
    <AuthGate permission="administer">
      <Outlet />
    </AuthGate>
  );
}
