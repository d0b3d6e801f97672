import { API_BASE } from './api-client';
import { ApiError } from './api-error';
import { expireSession, readToken } from './session-storage';

/**
 * Sends multipart form data (a file upload) with the stored bearer token and parses the JSON
 * answer. The browser sets the multipart Content-Type with its boundary, so none is set here.
 * Errors become ApiError exactly as apiFetch makes them; a 401 ends the session.
 */
export async function apiUpload<T>(path: string, form: FormData, signal?: AbortSignal): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = readToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { method: 'POST', headers, body: form, signal });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'Network error');
  }

  const body = await readBody(response);
  if (response.ok) return body as T;
  if (response.status === 401) expireSession();
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const serverMessage = typeof record.error === 'string' && record.error ? record.error : undefined;
  throw new ApiError(
    response.status,
    serverMessage ?? `Request failed with status ${response.status}`,
    serverMessage,
    stringFields(record.fields),
  );
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function stringFields(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(value)) {
    if (typeof message === 'string') fields[key] = message;
  }
  return fields;
}
