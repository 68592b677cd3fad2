import { Outlet } from 'react-router';
import { AuthGate } from '../features/auth/AuthGate';

export default function AdminGate() {
  return (
    <AuthGate role="admin">
      <Outlet />
    </AuthGate>
  );
}
