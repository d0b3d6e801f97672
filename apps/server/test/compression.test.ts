import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContact, leadPayload } from './helpers/contacts.js';
import { createTestApp, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let bora: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  bora = await signIn(t, { firstName: 'Bora', surname: 'Bey' });
  for (let i = 0; i < 60; i += 1) {
    await createContact(
      t,
      bora,
      leadPayload({ name: `Packed${i}`, email: `packed.${i}@compress.example.com` }),
    );
  }
});
afterAll(async () => t.close());

const get = (url: string, encoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...bora.headers, ...(encoding ? { 'accept-encoding': encoding } : {}) },
  });

describe('API answers are compressed when large and asked for', () => {
  it('sends a page of contacts in brotli, or gzip, with the same rows and headers', async () => {
    const plain = await get('/api/contacts?type=lead&limit=60');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(4096);

    const br = await get('/api/contacts?type=lead&limit=60', 'br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['x-total-count']).toBe(plain.headers['x-total-count']);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gzip = await get('/api/contacts?type=lead&limit=60', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('compresses a streamed export as it goes, to the same file', async () => {
    const plain = await get('/api/exports/leads?format=csv');
    const br = await get('/api/exports/leads?format=csv', 'br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.rawPayload.toString('utf8'));
  });

  it('sends small answers as they are', async () => {
    const count = await get('/api/contacts/count?type=lead', 'br, gzip');
    expect(count.statusCode).toBe(200);
    expect(count.headers['content-encoding']).toBeUndefined();
    const small = await get('/api/contacts?type=lead&limit=1', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
