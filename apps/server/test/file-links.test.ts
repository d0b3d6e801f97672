import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { call, createContact, dayFromToday, type FileJson, leadPayload } from './helpers/contacts.js';
import { multipartBody } from './helpers/multipart.js';
import { createTestApp, errorOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

const EXPIRED = 'This file link has expired. Open the file again from the app.';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, { role: 'admin' });
});
afterAll(async () => t.close());

async function uploadedFile(who: SignedIn, contactId: number, content = 'hello'): Promise<FileJson> {
  const body = multipartBody(
    { validUntil: dayFromToday(1) },
    { field: 'file', filename: 'note.txt', contentType: 'text/plain', content },
  );
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/contacts/${contactId}/upload-file`,
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json<FileJson>();
}

const download = (url: string) => t.app.inject({ method: 'GET', url });

describe('a file link lives only as long as the access it stands for', () => {
  it('stops opening for a plain user once the contact is deactivated, while the admin’s still opens', async () => {
    const user = await signIn(t);
    const contact = await createContact(t, user, leadPayload());
    const file = await uploadedFile(user, contact.id);
    const adminFile = (await call(t, 'GET', `/api/contacts/${contact.id}`, admin)).json<{
      files: FileJson[];
    }>().files[0]!;
    expect((await download(file.url)).statusCode).toBe(200);
    expect((await call(t, 'PUT', `/api/contacts/${contact.id}/deactivate`, admin)).statusCode).toBe(200);
    const refused = await download(file.url);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: 'File not found' });
    expect((await download(adminFile.url)).statusCode).toBe(200);
  });

  it('stops opening once its user logs out', async () => {
    const user = await signIn(t);
    const contact = await createContact(t, user, leadPayload());
    const file = await uploadedFile(user, contact.id);
    expect((await download(file.url)).statusCode).toBe(200);
    expect((await call(t, 'POST', '/api/auth/logout', user)).statusCode).toBe(204);
    const refused = await download(file.url);
    expect(refused.statusCode).toBe(401);
    expect(errorOf(refused)).toBe(EXPIRED);
  });

  it('stops opening once its user is deactivated', async () => {
    const user = await signIn(t);
    const contact = await createContact(t, user, leadPayload());
    const file = await uploadedFile(user, contact.id);
    expect((await call(t, 'PUT', `/api/users/${user.id}/deactivate`, admin)).statusCode).toBe(200);
    const refused = await download(file.url);
    expect(refused.statusCode).toBe(401);
    expect(errorOf(refused)).toBe(EXPIRED);
  });

  it('cannot be moved to another session by editing the link', async () => {
    const user = await signIn(t);
    const contact = await createContact(t, user, leadPayload());
    const file = await uploadedFile(user, contact.id);
    const access = new URL(file.url, 'http://x').searchParams.get('access')!;
    const [exp, , signature] = access.split('.');
    const forged = `${file.url.split('?')[0]}?access=${exp}.${'A'.repeat(32)}.${signature}`;
    expect((await download(forged)).statusCode).toBe(401);
  });

  it('keeps frame-ancestors none and no-store on downloads', async () => {
    const user = await signIn(t);
    const contact = await createContact(t, user, leadPayload());
    const res = await download((await uploadedFile(user, contact.id)).url);
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(String(res.headers['cache-control'])).toContain('no-store');
  });
});

describe('the log', () => {
  it('never holds a link’s signature or an authorization header, even at trace level', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({
      config: { ...t.config, logLevel: 'trace' },
      db: t.db,
      serveWeb: false,
      logStream: stream,
    });
    try {
      const user = await signIn(t);
      const contact = await createContact(t, user, leadPayload());
      const file = await uploadedFile(user, contact.id);
      const access = new URL(file.url, 'http://x').searchParams.get('access')!;
      expect((await app.inject({ method: 'GET', url: file.url })).statusCode).toBe(200);
      await app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers });
      await app.inject({ method: 'GET', url: `${file.url.split('?')[0]}?access=bogus.${access}` });
      const log = lines.join('');
      expect(log).toContain('/uploads/contacts/');
      expect(log).toContain('[redacted]');
      expect(log).not.toContain(access);
      expect(log).not.toContain(encodeURIComponent(access));
      expect(log).not.toContain(user.token);
    } finally {
      await app.close();
    }
  });
});
