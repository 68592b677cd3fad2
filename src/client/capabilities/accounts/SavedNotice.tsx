import type { ReactNode } from 'react';

/** A confirmation after a save; the live region stays in place so the text is announced. */
export function SavedNotice({ shown, children }: { shown: boolean; children: ReactNode }) {
  return (
    <div role="status" className="account-saved">
      {shown && <p className="notice notice--success">{children}</p>}
    </div>
  );
}
