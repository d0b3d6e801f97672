import { connect } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContact, leadPayload } from './helpers/contacts.js';
import { createTestApp, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let admin: SignedIn;
let contactId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin' });
  contactId = (await createContact(t, admin, leadPayload())).id;
});
afterAll(async () => t.close());

/** Not a 500, and the body is `{ error }` (plus `fields`, or `current` on a version conflict) only. */
function expectCleanRefusal(res: LightMyRequestResponse, label: string) {
  expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
  if (res.statusCode < 400) return;
  const body = res.json<Record<string, unknown>>();
  expect(typeof body.error, label).toBe('string');
  for (const key of Object.keys(body))
    expect(['error', 'fields', 'current'], `${label}: ${key}`).toContain(key);
}

describe('malformed requests are refused with { error } and never a 500', () => {
  it.each([
    ['sort __proto__', '/api/contacts?sort=__proto__', 'Unknown sort column: __proto__'],
    ['sort constructor', '/api/users?sort=constructor', 'Unknown sort column: constructor'],
    ['sort toString', '/api/products?sort=toString', 'Unknown sort column: toString'],
    ['filter __proto__', '/api/agencies?filter.__proto__=equals:x', 'Unknown filter column: __proto__'],
    ['filter constructor', '/api/contacts?filter.constructor=equals:x', 'Unknown filter column: constructor'],
    ['filter toString', '/api/users?filter.toString=equals:x', 'Unknown filter column: toString'],
  ])('%s', async (_label, url, message) => {
    const res = await t.app.inject({ method: 'GET', url, headers: admin.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
  });

  it('refuses a NUL character in a body, a query and a path', async () => {
    for (const req of [
      { method: 'POST' as const, url: '/api/contacts', payload: leadPayload({ name: 'A\u0000b' }) },
      { method: 'PUT' as const, url: `/api/contacts/${contactId}`, payload: { version: 1, city: 'x\u0000' } },
      { method: 'GET' as const, url: '/api/contacts?q=ab%00c' },
      { method: 'GET' as const, url: '/api/contacts/1%00' },
    ]) {
      const res = await t.app.inject({ ...req, headers: admin.headers });
      expect(res.statusCode, req.url).toBe(400);
      expect(res.json()).toEqual({ error: 'Text must not contain NUL characters' });
    }
  });

  it('refuses an over-long id with 414 and a bad percent-encoding with 400, echoing nothing', async () => {
    const long = await t.app.inject({
      method: 'GET',
      url: `/api/contacts/${'9'.repeat(5000)}`,
      headers: admin.headers,
    });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ error: 'The address is too long' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/contacts/%E0%A4%A', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'The address is not valid' });
  });

  it('refuses multipart without a boundary and a truncated one', async () => {
    const url = `/api/contacts/${contactId}/upload-file`;
    const noBoundary = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...admin.headers, 'content-type': 'multipart/form-data' },
      payload: 'abc',
    });
    expectCleanRefusal(noBoundary, 'no boundary');
    expect(noBoundary.statusCode).toBe(400);
    const truncated = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...admin.headers, 'content-type': 'multipart/form-data; boundary=XX' },
      payload: '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc',
    });
    expectCleanRefusal(truncated, 'truncated');
    expect(truncated.statusCode).toBe(400);
  });

  it('answers a bad Content-Length on the wire with a JSON 400', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => socket.write(request));
        let answer = '';
        socket.on('data', (chunk) => {
          answer += chunk.toString();
        });
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
        setTimeout(() => socket.end(), 2000);
      });
    for (const length of ['abc', '-5', '1, 2']) {
      const answer = await raw(
        `POST /api/auth/login HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${length}\r\n\r\n{}`,
      );
      expect(answer, length).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer.split('\r\n\r\n')[1], length).toBe('{"error":"Bad request"}');
    }
  });

  it('fuzzes every documented route with malformed ids, queries and bodies: no 500, only { error }', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: admin.headers })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const ids = ['0', '-1', 'abc', '1.5', '99999999999999999999', '__proto__', '%C0%AF', '1%00'];
    const bodies: { payload: string; type: string }[] = [
      { payload: '{"a":', type: 'application/json' },
      { payload: '[]', type: 'application/json' },
      { payload: 'null', type: 'application/json' },
      { payload: '"text"', type: 'application/json' },
      { payload: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{}}}', type: 'application/json' },
      {
        payload: JSON.stringify({ version: 'x', name: 12, email: ['a'], ids: 'x', isActive: 'yes' }),
        type: 'application/json',
      },
      { payload: JSON.stringify({ name: 'a\u0000' }), type: 'application/json' },
      { payload: 'a=b', type: 'application/x-www-form-urlencoded' },
      { payload: '--x', type: 'multipart/form-data' },
      { payload: '\u0000\u0001', type: 'application/octet-stream' },
    ];
    const queries = [
      '?sort=__proto__',
      '?filter.toString=equals:x',
      '?limit=-1&offset=abc',
      '?q=%00',
      '?type=%ZZ',
    ];
    let requests = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods)) {
        const urls = path.includes('{')
          ? ids.map((id) => path.replace(/\{[^}]+\}/g, id))
          : queries.map((query) => `${path}${query}`);
        for (const url of urls) {
          for (const body of method === 'get' || method === 'delete' ? [undefined] : bodies) {
            const res = await t.app.inject({
              method: method.toUpperCase() as 'GET',
              url,
              headers: { ...admin.headers, ...(body ? { 'content-type': body.type } : {}) },
              ...(body ? { payload: body.payload } : {}),
            });
            requests += 1;
            expectCleanRefusal(res, `${method} ${url} ${body?.payload ?? ''}`);
          }
        }
      }
    }
    expect(requests).toBeGreaterThan(500);
  }, 120_000);
});
