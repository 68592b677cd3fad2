import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A confirmation after a save; the live region stays in place so the text is announced. The
 * focus moves to it from its own form (or from nowhere, when the form went away): left on the
 * form's button, which the save has just made not enabled, it would keep the member on a
 * button that does nothing. Focus elsewhere on the page, the member moved on: it stays there.
 */
export function SavedNotice({ shown, children }: { shown: boolean; children: ReactNode }) {
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const element = notice.current;
    if (!shown || !element) return;
    const active = document.activeElement;
    const form = element.closest('form');
    if (!active || active === document.body || form?.contains(active)) element.focus();
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
