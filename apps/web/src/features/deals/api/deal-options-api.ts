import { MAX_PAGE_SIZE } from '@crm/domain';
import { apiJson } from '../../../lib/api-client';

/** What the form's pickers list: a lead or customer with its partner, so the partner can default to it. */
export interface ContactOption {
  id: number;
  name: string;
  surname: string;
  type: string;
  agency: { id: number; name: string } | null;
}

export interface NamedOption {
  id: number;
  name: string;
}

export interface ProductOption {
  id: number;
  title: string;
}

const OPTIONS_LIMIT = 20;

/** The contacts list holds active contacts only; partners and products are filtered to active ones. */
function searchParams(search: string, sort: string, activeOnly = true): URLSearchParams {
  const params = new URLSearchParams({ limit: String(OPTIONS_LIMIT), sort });
  if (activeOnly) params.set('filter.isActive', 'equals:true');
  if (search.trim()) params.set('q', search.trim());
  return params;
}

/** Active leads and customers whose name, phone or e-mail matches, 20 at most. */
export async function fetchContactOptions(search: string, signal?: AbortSignal): Promise<ContactOption[]> {
  const rows = await apiJson<ContactOption[]>('/contacts', {
    params: searchParams(search, 'name', false),
    signal,
  });
  return rows.map(({ id, name, surname, type, agency }) => ({ id, name, surname, type, agency }));
}

/** One contact, for a form opened with ?contactId= or a deal whose contact is not among the matches. */
export async function fetchContactOption(id: number, signal?: AbortSignal): Promise<ContactOption> {
  const { name, surname, type, agency } = await apiJson<ContactOption>(`/contacts/${id}`, { signal });
  return { id, name, surname, type, agency };
}

export async function fetchAgencyOptions(search: string, signal?: AbortSignal): Promise<NamedOption[]> {
  const rows = await apiJson<NamedOption[]>('/agencies', { params: searchParams(search, 'name'), signal });
  return rows.map(({ id, name }) => ({ id, name }));
}

export async function fetchProductOptions(search: string, signal?: AbortSignal): Promise<ProductOption[]> {
  const rows = await apiJson<ProductOption[]>('/products', { params: searchParams(search, 'title'), signal });
  return rows.map(({ id, title }) => ({ id, title }));
}

interface PricedProduct {
  realEstateProduct: { salePrice: number | null } | null;
  dormitoryProduct: { termPrice: number | null; annualPrice: number | null } | null;
}

/** A product's price, as the server defaults a line's unit price: sale, else a year's, else a term's. */
export async function fetchProductPrice(id: number, signal?: AbortSignal): Promise<number | null> {
  const product = await apiJson<PricedProduct>(`/product/${id}`, { signal });
  return (
    product.realEstateProduct?.salePrice ??
    product.dormitoryProduct?.annualPrice ??
    product.dormitoryProduct?.termPrice ??
    null
  );
}

/** Active users by name, for owner and assignee. */
export async function fetchUserOptions(signal?: AbortSignal): Promise<NamedOption[]> {
  const params = new URLSearchParams({
    'filter.isActive': 'equals:true',
    sort: 'name',
    limit: String(MAX_PAGE_SIZE),
  });
  const users = await apiJson<NamedOption[]>('/users', { params, signal });
  return users.map(({ id, name }) => ({ id, name }));
}
