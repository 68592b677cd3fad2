import { lazy, Suspense, useEffect, useState } from 'react';
import { onReauthenticationRequired } from '../../platform/http/http';

// The dialog's code (its fields, the accounts' API) is loaded the first time an act needs it:
// this host is part of every page, and most visitors never meet the dialog.
const ReauthenticationForm = lazy(() => import('./ReauthenticationForm'));

/**
 * Mounted once for the whole site: when a sensitive act answers that the sign-in is older than
 * 10 minutes (the API wrapper asks here), shows the dialog that confirms who the member is,
 * and resolves with whether they did, so the act is sent again.
 */
export function ReauthenticationDialog() {
  const [settle, setSettle] = useState<(given: boolean) => void>();

  useEffect(() => {
    onReauthenticationRequired(() => new Promise<boolean>((resolve) => setSettle(() => resolve)));
    return () => onReauthenticationRequired(undefined);
  }, []);

  if (!settle) return null;
  return (
    <Suspense fallback={null}>
      <ReauthenticationForm
        settle={(given) => {
          settle(given);
          setSettle(undefined);
        }}
      />
    </Suspense>
  );
}
