import { MAX_PAGE_SIZE } from '@crm/domain';
import { apiJson } from '../../../lib/api-client';

export interface AssignableUser {
  id: number;
  name: string;
}

/** Active users by name (GET /api/users answers {id, name} to non-admins, full records to admins). */
export async function fetchAssignableUsers(signal?: AbortSignal): Promise<AssignableUser[]> {
  const params = new URLSearchParams({
    'filter.isActive': 'equals:true',
    sort: 'name',
    limit: String(MAX_PAGE_SIZE),
  });
  const users = await apiJson<AssignableUser[]>('/users', { params, signal });
  return users.map(({ id, name }) => ({ id, name }));
}
