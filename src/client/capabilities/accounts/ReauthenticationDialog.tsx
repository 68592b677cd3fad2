import { lazy, Suspense, useEffect, useState } from 'react';
import { onReauthenticationRequired } from '../../platform/http/http';

// The dialog's code (its fields, the accounts' API) is loaded the first time an act needs it:
// this host is part of every page, and most visitors never meet the dialog.
const ReauthenticationForm = lazy(() => import('./ReauthenticationForm'));

/**
 * Mounted once for the whole site: when a sensitive act answers that the sign-in is older than
 * 10 minutes (the API wrapper asks here), shows the dialog that confirms who the member is (by
 * a factor alone when the act touches the factors of an account that has one), and resolves
 * with whether they did, so the act is sent again.
 */
export function ReauthenticationDialog() {
  const [asked, setAsked] = useState<{ factor: boolean; settle: (given: boolean) => void }>();

  useEffect(() => {
    onReauthenticationRequired(({ factor }) => new Promise<boolean>((resolve) => setAsked({ factor, settle: resolve })));
    return () => onReauthenticationRequired(undefined);
  }, []);

  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <ReauthenticationForm
        factorOnly={asked.factor}
        settle={(given) => {
          asked.settle(given);
          setAsked(undefined);
        }}
      />
    </Suspense>
  );
}
