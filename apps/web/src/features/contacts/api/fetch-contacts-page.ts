import type { ContactType, ListQuery } from '@crm/domain';
import { fetchListPage, type ListPage } from '../../../lib/list-page';
import type { ContactListRow } from './contact-types';

/** GET /api/contacts?type=lead|customer (list rows) with the table's search, sort, filters and page. */
export function fetchContactsPage(type: ContactType) {
  return (query: ListQuery, signal: AbortSignal): Promise<ListPage<ContactListRow>> =>
    fetchListPage<ContactListRow>('/contacts', query, signal, { type: type.toLowerCase() });
}
