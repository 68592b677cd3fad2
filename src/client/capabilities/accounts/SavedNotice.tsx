import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A confirmation after a save; the live region stays in place so the text is announced. The
 * focus moves to it: left on the form's button, which the save has just made not enabled, it
 * would keep the member on a button that does nothing (and a phone would scroll to it).
 */
export function SavedNotice({ shown, children }: { shown: boolean; children: ReactNode }) {
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (shown) notice.current?.focus();
  }, [shown]);
  return (
    <div role="status" className="account-saved">
      {shown && (
        <p ref={notice} tabIndex={-1} className="notice notice--success">
          {children}
        </p>
      )}
    </div>
  );
}
