import { Navigate } from 'react-router';

/** Spec §2: any other path redirects to '/'. (The server already redirects on first load.) */
export default function CatchAll() {
  return <Navigate to="/" replace />;
}
