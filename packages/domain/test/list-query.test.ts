import { describe, expect, it } from 'vitest';
import {
  type ColumnFilter,
  DEFAULT_PAGE_SIZE,
  decodeFilter,
  encodeFilter,
  FILTER_MODES,
  listParamsSchema,
  listQueryParams,
  MAX_PAGE_SIZE,
  TOTAL_COUNT_HEADER,
} from '../src/list-query.js';
import { firstError, firstErrors } from './support/issues.js';

describe('list constants', () => {
  it('offers the filter modes equals, contains and containsIgnoreCase', () => {
    expect(FILTER_MODES).toEqual(['equals', 'contains', 'containsIgnoreCase']);
  });

  it('pages by 50 by default, at most 500, and reports the total in X-Total-Count', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(50);
    expect(MAX_PAGE_SIZE).toBe(500);
    expect(TOTAL_COUNT_HEADER).toBe('x-total-count');
  });
});

describe('encodeFilter / decodeFilter', () => {
  it('writes a filter as <mode>:<value>', () => {
    expect(encodeFilter({ mode: 'containsIgnoreCase', value: 'ayşe' })).toBe('containsIgnoreCase:ayşe');
  });

  it.each<ColumnFilter>([
    { mode: 'equals', value: 'admin' },
    { mode: 'contains', value: 'Yıl' },
    { mode: 'containsIgnoreCase', value: 'example.com' },
    { mode: 'equals', value: 'true' },
    { mode: 'equals', value: '' },
  ])('round-trips %j', (filter) => {
    expect(decodeFilter(encodeFilter(filter))).toEqual(filter);
  });

  it('keeps a value containing colons whole (splits on the first colon only)', () => {
    const filter: ColumnFilter = { mode: 'contains', value: '10:30:00 a:b' };
    expect(encodeFilter(filter)).toBe('contains:10:30:00 a:b');
    expect(decodeFilter('contains:10:30:00 a:b')).toEqual(filter);
  });

  it('keeps spaces in the value as they are', () => {
    expect(decodeFilter('equals:  two  spaces ')).toEqual({ mode: 'equals', value: '  two  spaces ' });
  });

  it.each(['startsWith:abc', 'EQUALS:abc', 'containsignorecase:abc', ':abc', ' equals:abc'])(
    'gives undefined for the unknown mode in %j',
    (raw) => {
      expect(decodeFilter(raw)).toBeUndefined();
    },
  );

  it.each(['equals', 'abc', ''])('gives undefined for %j, which has no colon', (raw) => {
    expect(decodeFilter(raw)).toBeUndefined();
  });
});

describe('listQueryParams', () => {
  it('gives no parameters for an empty query', () => {
    expect(listQueryParams({}).toString()).toBe('');
  });

  it('sets the trimmed global search q', () => {
    expect(listQueryParams({ q: '  ayşe  ' }).get('q')).toBe('ayşe');
  });

  it.each(['', '   '])('leaves out a blank search q (%j)', (q) => {
    expect(listQueryParams({ q }).has('q')).toBe(false);
  });

  it('sets order asc by default when a sort column is set', () => {
    const params = listQueryParams({ sort: 'name' });
    expect(params.get('sort')).toBe('name');
    expect(params.get('order')).toBe('asc');
  });

  it('keeps order desc when given with a sort column', () => {
    const params = listQueryParams({ sort: 'email', order: 'desc' });
    expect(params.get('sort')).toBe('email');
    expect(params.get('order')).toBe('desc');
  });

  it('leaves out the order when no sort column is set', () => {
    const params = listQueryParams({ order: 'desc' });
    expect(params.has('sort')).toBe(false);
    expect(params.has('order')).toBe(false);
  });

  it('writes each filter as filter.<column>=<mode>:<value>', () => {
    const params = listQueryParams({
      filters: {
        name: { mode: 'containsIgnoreCase', value: 'ay' },
        isActive: { mode: 'equals', value: 'true' },
      },
    });
    expect(params.get('filter.name')).toBe('containsIgnoreCase:ay');
    expect(params.get('filter.isActive')).toBe('equals:true');
  });

  it('leaves out filters whose value is empty', () => {
    const params = listQueryParams({
      filters: { name: { mode: 'contains', value: '' }, role: { mode: 'equals', value: 'admin' } },
    });
    expect(params.has('filter.name')).toBe(false);
    expect([...params.keys()]).toEqual(['filter.role']);
  });

  it('writes limit and offset, including 0', () => {
    const params = listQueryParams({ limit: 0, offset: 0 });
    expect(params.get('limit')).toBe('0');
    expect(params.get('offset')).toBe('0');
    expect(listQueryParams({ limit: 50, offset: 100 }).toString()).toBe('limit=50&offset=100');
  });

  it('builds a full query string that a server can decode back', () => {
    const params = listQueryParams({
      q: ' lee ',
      sort: 'name',
      filters: { email: { mode: 'contains', value: 'a:b&c=d' } },
      limit: 25,
      offset: 50,
    });
    const back = new URLSearchParams(params.toString());
    expect(back.get('q')).toBe('lee');
    expect(back.get('sort')).toBe('name');
    expect(back.get('order')).toBe('asc');
    expect(decodeFilter(back.get('filter.email') ?? '')).toEqual({ mode: 'contains', value: 'a:b&c=d' });
    expect(back.get('limit')).toBe('25');
    expect(back.get('offset')).toBe('50');
  });
});

describe('listParamsSchema', () => {
  it('accepts an empty query', () => {
    expect(listParamsSchema.safeParse({}).data).toEqual({});
  });

  it('reads limit and offset from query-string text as numbers', () => {
    const result = listParamsSchema.safeParse({
      q: 'ay',
      sort: 'name',
      order: 'desc',
      limit: '50',
      offset: '0',
    });
    expect(result.data).toEqual({ q: 'ay', sort: 'name', order: 'desc', limit: 50, offset: 0 });
  });

  it("rejects an order other than asc or desc with 'order must be asc or desc'", () => {
    expect(firstError(listParamsSchema.safeParse({ order: 'up' }), 'order')).toBe(
      'order must be asc or desc',
    );
  });

  it.each([
    ['abc', 'limit must be a number'],
    ['1.5', 'limit must be a whole number'],
    ['0', 'limit must be at least 1'],
    ['501', 'limit must be at most 500'],
  ])('rejects limit %j with %j', (limit, message) => {
    expect(firstErrors(listParamsSchema.safeParse({ limit }))).toEqual({ limit: message });
  });

  it('accepts limits 1 and 500', () => {
    expect(listParamsSchema.safeParse({ limit: '1' }).data).toEqual({ limit: 1 });
    expect(listParamsSchema.safeParse({ limit: '500' }).data).toEqual({ limit: 500 });
  });

  it.each([
    ['abc', 'offset must be a number'],
    ['2.5', 'offset must be a whole number'],
    ['-1', 'offset must be at least 0'],
  ])('rejects offset %j with %j', (offset, message) => {
    expect(firstErrors(listParamsSchema.safeParse({ offset }))).toEqual({ offset: message });
  });

  it('refuses a search longer than 200 characters and a sort longer than 50', () => {
    expect(listParamsSchema.safeParse({ q: 'q'.repeat(200), sort: 's'.repeat(50) }).success).toBe(true);
    const result = listParamsSchema.safeParse({ q: 'q'.repeat(201), sort: 's'.repeat(51) });
    expect(Object.keys(firstErrors(result)).sort()).toEqual(['q', 'sort']);
  });
});
