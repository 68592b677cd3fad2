import type { ReactNode, Ref } from 'react';

interface SuccessViewProps {
  title: ReactNode;
  /** An h1 when the view is the page's answer, an h2 when it takes a form's place. */
  level?: 1 | 2;
  /** Given when the view appears after an action: the caller moves the focus to the heading. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** A view that replaces a form in place is announced; a page's answer is read from its heading. */
  announce?: boolean;
  icon?: string;
  /** The ways on: links or buttons, centred under the text. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** What a finished action looks like everywhere: a round icon, the heading, the text, the ways on. */
export function SuccessView({ title, level = 2, headingRef, announce, icon = '✓', actions, children }: SuccessViewProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="success-view" role={announce ? 'status' : undefined}>
      <span className="success-view__icon" aria-hidden="true">
        {icon}
      </span>
      <Heading ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
        {title}
      </Heading>
      {children}
      {actions && <div className="cluster cluster--center">{actions}</div>}
    </div>
  );
}
