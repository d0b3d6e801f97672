import { ApiError } from './api-error';
import { expireSession, readToken } from './session-storage';

export const API_BASE = '/api';

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** Query parameters appended to the path. */
  params?: URLSearchParams;
  /** Token to send instead of the stored one. */
  token?: string | null;
  /** A 401 normally ends the session; the login call answers 401 for wrong credentials instead. */
  expireOn401?: boolean;
}

/** Calls the API and returns the raw response of a successful (2xx) answer; throws ApiError otherwise. */
export async function apiFetch(path: string, options: ApiRequestOptions = {}): Promise<Response> {
  const { method = 'GET', body, signal, params, expireOn401 = true } = options;
  const token = options.token === undefined ? readToken() : options.token;
  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  const query = params?.toString();
  const url = `${API_BASE}${path}${query ? `?${query}` : ''}`;

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'Network error');
  }

  if (response.ok) return response;
  if (response.status === 401 && expireOn401) expireSession();
  throw await toApiError(response);
}

/** Calls the API and parses the JSON answer (undefined for an empty answer such as 204). */
export async function apiJson<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const response = await apiFetch(path, options);
  return (await readJson(response)) as T;
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readJson(response).catch(() => undefined);
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const serverMessage = typeof record.error === 'string' && record.error ? record.error : undefined;
  return new ApiError(
    response.status,
    serverMessage ?? `Request failed with status ${response.status}`,
    serverMessage,
    readFields(record.fields),
    record.current,
  );
}

function readFields(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(value)) {
    if (typeof message === 'string') fields[key] = message;
  }
  return fields;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}
