import { Outlet } from 'react-router';
import { AuthGate } from '../capabilities/accounts/AuthGate';

export default function MemberGate() {
  return (
    <AuthGate>
      <Outlet />
    </AuthGate>
  );
}
