import { Outlet } from 'react-router';
import { AuthGate } from '../capabilities/accounts/AuthGate';

/** /admin/textes: admins and editors (the `edit-texts` permission). */
export default function TextsGate() {
  return (
    <AuthGate permission="edit-texts">
      <Outlet />
    </AuthGate>
  );
}
