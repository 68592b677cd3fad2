import { Outlet } from 'react-router';
import { AuthGate } from '../capabilities/accounts/AuthGate';

/** /admin: every staff member (admins, moderators, editors); the page shows each what they may use. */
export default function StaffGate() {
  return (
    <AuthGate staff>
      <Outlet />
    </AuthGate>
  );
}
