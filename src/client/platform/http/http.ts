import { isApiErrorBody } from '../../../shared/api-error';
import { messageForCode } from '../../../shared/messages';

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
 * The one way the client talks to the API. Writes always send a JSON body (the server's
 * CSRF rule); errors come back as ApiError, ready for <ErrorBox message={error.message} />.
 */
export async function api<T>(path: string, { method = 'GET', body, signal, keepalive }: RequestOptions = {}): Promise<T> {
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
    if (isApiErrorBody(payload)) throw new ApiError(response.status, payload.error.code, payload.error.message, payload);
    throw new ApiError(response.status, 'http/internal', messageForCode('http/internal'));
  }
  return payload as T;
}

export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : messageForCode('http/internal');
}
