import { isApiErrorBody } from '../../../shared/api-error';
import { messageForCode } from '../../../shared/messages';
import { FACTOR_CONFIRMATION_REQUIRED, REAUTHENTICATION_REQUIRED } from '../../../shared/two-factor';

/** A failed API call, carrying the contract's code and its French message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The whole error body, for the answers that carry more than the message (a 409's current version). */
    readonly payload?: unknown,
  ) {
    super(message);
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Lets the request finish after the page is closed (a write sent as the page is left). */
  keepalive?: boolean;
}

/**
 * Asks the member to prove who they are again (their password or a factor; a factor alone
 * with `factor`) and resolves to whether they did. Set by the page's re-authentication dialog
 * (accounts capability).
 */
type Reauthenticate = (wanted: { factor: boolean }) => Promise<boolean>;
let reauthenticate: Reauthenticate | undefined;

/** The dialog registers itself here while it is mounted, and removes itself with undefined. */
export function onReauthenticationRequired(handler: Reauthenticate | undefined) {
  reauthenticate = handler;
}

/**
 * The one way the client talks to the API. Writes always send a JSON body (the server's
 * CSRF rule); errors come back as ApiError, ready for <ErrorBox message={error.message} />.
 */
export async function api<T>(path: string, { method = 'GET', body, signal, keepalive }: RequestOptions = {}, retried = false): Promise<T> {
  const write = method !== 'GET';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      signal,
      keepalive,
      credentials: 'same-origin',
      headers: write ? { 'content-type': 'application/json' } : undefined,
      body: write ? JSON.stringify(body ?? {}) : undefined,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'http/network', messageForCode('http/network'));
  }
  const payload: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) {
    // A sensitive act after more than 10 minutes: asked again, then the same request once more.
    const code = isApiErrorBody(payload) ? payload.error.code : undefined;
    if (response.status === 403 && (code === REAUTHENTICATION_REQUIRED || code === FACTOR_CONFIRMATION_REQUIRED) && reauthenticate && !retried) {
      if (await reauthenticate({ factor: code === FACTOR_CONFIRMATION_REQUIRED })) return api<T>(path, { method, body, signal, keepalive }, true);
    }
    if (isApiErrorBody(payload)) throw new ApiError(response.status, payload.error.code, payload.error.message, payload);
    throw new ApiError(response.status, 'http/internal', messageForCode('http/internal'));
  }
  return payload as T;
}

export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : messageForCode('http/internal');
}
