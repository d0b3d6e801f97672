import type { User } from '@crm/domain';
import { apiJson } from '../../lib/api-client';

/**
 * Reads the signed-in user from the server so a role or name changed elsewhere shows up. A 401
 * ends the session through the api client; any other failure keeps the stored record.
 */
export async function refreshCurrentUser(signal: AbortSignal): Promise<User | null> {
  try {
    const body = await apiJson<User | { user: User }>('/auth/me', { signal });
    return 'user' in body ? body.user : body;
  } catch {
    return null;
  }
}
