import type { ReactNode } from 'react';
import { ERROR_BOX_TITLE } from '../../../shared/messages';
import { publicConfig } from '../../config';

interface ErrorBoxProps {
  /** The French message from the catalogue or the server's error. */
  message: ReactNode;
  className?: string;
}

/**
 * The spec's error box (§8): always the same title, the message and a way to reach a human.
 * role="alert" so the error is announced as soon as it appears.
 */
export function ErrorBox({ message, className }: ErrorBoxProps) {
  const email = publicConfig.contactEmail;
  return (
    <div role="alert" className={['error-box', className].filter(Boolean).join(' ')}>
      <svg className="error-box__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 2.5 1.8 20.5h20.4L12 2.5z" fill="currentColor" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
        <path d="M12 9v5.5" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
        <circle cx="12" cy="17.4" r="1.3" fill="#fff" />
      </svg>
      <div className="error-box__body">
        <p className="error-box__title">{ERROR_BOX_TITLE}</p>
        <div className="error-box__message">{message}</div>
        <p className="error-box__contact">
          Si le problème persiste, écris-nous à <a href={`mailto:${email}`}>{email}</a>.
        </p>
      </div>
    </div>
  );
}
