import type { UpdateProfile, User } from '@crm/domain';
import { apiJson } from '../../../lib/api-client';

/** PUT /api/users/me answers `{user}`. */
export async function updateProfile(body: UpdateProfile): Promise<User> {
  const answer = await apiJson<{ user: User }>('/users/me', { method: 'PUT', body });
  return answer.user;
}
