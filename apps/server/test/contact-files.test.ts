import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStore } from '../src/modules/storage/index.js';
import {
  type ContactJson,
  call,
  createContact,
  dayFromToday,
  type FileJson,
  leadPayload,
} from './helpers/contacts.js';
import { prepareStore, STORES, type StoreUnderTest, storeContents } from './helpers/file-stores.js';
import { type MultipartFile, multipartBody } from './helpers/multipart.js';
import { createTestApp, errorOf, fieldsOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;
let other: SignedIn;
let contact: ContactJson;
let store: StoreUnderTest;

const MB5 = 5 * 1024 * 1024;
/** Everything in the store, temporaries included. */
const storedFiles = () => storeContents(t.config);
/** A committed file's content, read from the store itself. */
async function storedText(name: string): Promise<string | undefined> {
  const files = createFileStore(t.config);
  try {
    const file = await files.get(name);
    return file ? await text(file.body) : undefined;
  } finally {
    await files.close();
  }
}

function upload(
  contactId: number,
  fields: Record<string, string>,
  file?: MultipartFile,
  /** null for an anonymous request. */
  who: SignedIn | null = user,
) {
  const body = multipartBody(fields, file);
  return t.app.inject({
    method: 'POST',
    url: `/api/contacts/${contactId}/upload-file`,
    headers: { ...(who ? who.headers : {}), ...body.headers },
    payload: body.payload,
  });
}

async function uploaded(
  contactId: number,
  file: MultipartFile,
  fields: Record<string, string> = {},
  who: SignedIn = user,
): Promise<FileJson> {
  const res = await upload(contactId, { validUntil: dayFromToday(30), ...fields }, file, who);
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json<FileJson>();
}

const filesOf = async (contactId: number, who: SignedIn = user) => {
  const res = await call(t, 'GET', `/api/contacts/${contactId}/files`, who);
  expect(res.statusCode).toBe(200);
  return res.json<FileJson[]>();
};
const deactivateFile = (fileId: number, who: SignedIn = user) =>
  call(t, 'PATCH', `/api/contacts/deactivate/files/${fileId}`, who);
const activateFile = (fileId: number, who: SignedIn = admin) =>
  call(t, 'PATCH', `/api/contacts/activate/files/${fileId}`, who);
const download = (url: string) => t.app.inject({ method: 'GET', url });

describe.each(STORES)('files in the %s store', (kind) => {
  beforeAll(async () => {
    store = await prepareStore(kind);
    t = await createTestApp(store.env);
    admin = await signIn(t, { role: 'admin', firstName: 'Alice', surname: 'Admin' });
    user = await signIn(t, { firstName: 'Umut', surname: 'User' });
    other = await signIn(t, { firstName: 'Oya', surname: 'Other' });
    contact = await createContact(t, user, leadPayload());
  });
  afterAll(async () => {
    await t.close();
    await store.close();
  });

  describe('POST /api/contacts/:id/upload-file', () => {
    it('stores the file under a random name and answers its record with 201', async () => {
      const validUntil = dayFromToday(30);
      const res = await upload(
        contact.id,
        { validUntil },
        { filename: 'Passport Scan.PDF', contentType: 'application/pdf', content: '%PDF-1.4 test' },
      );
      expect(res.statusCode).toBe(201);
      const file = res.json<FileJson>();
      expect(file).toMatchObject({
        name: 'Passport Scan.PDF',
        mimeType: 'application/pdf',
        size: 13,
        validUntil,
        isActive: true,
        uploadedBy: { name: 'Umut User' },
        deletedBy: null,
      });
      expect(file.filename).toMatch(/^[a-f0-9]{32}\.pdf$/);
      expect(file.url).toMatch(new RegExp(`^/uploads/contacts/${file.filename}\\?access=.+`));
      expect(await storedText(file.filename)).toBe('%PDF-1.4 test');
    });

    it('names the file by the custom file name when one is given', async () => {
      const file = await uploaded(
        contact.id,
        { filename: 'scan001.png', contentType: 'image/png', content: 'png' },
        { customFileName: '  Title deed  ' },
      );
      expect(file.name).toBe('Title deed');
      const blank = await uploaded(
        contact.id,
        { filename: 'scan002.png', contentType: 'image/png', content: 'png' },
        { customFileName: '   ' },
      );
      expect(blank.name).toBe('scan002.png');
    });

    it('refuses a custom file name longer than 255 characters and keeps nothing', async () => {
      const before = await storedFiles();
      const res = await upload(
        contact.id,
        { validUntil: dayFromToday(3), customFileName: 'n'.repeat(256) },
        { filename: 'a.txt', content: 'x' },
      );
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res).customFileName).toBe('File name can be at most 255 characters');
      expect(await storedFiles()).toEqual(before);
    });

    it('reads the fields whether they come before or after the file', async () => {
      const boundary = '----fields-after';
      const payload = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="late.txt"\r\n` +
          'Content-Type: text/plain\r\n\r\nlate fields\r\n' +
          `--${boundary}\r\nContent-Disposition: form-data; name="validUntil"\r\n\r\n${dayFromToday(5)}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="customFileName"\r\n\r\nLate\r\n` +
          `--${boundary}--\r\n`,
      );
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/contacts/${contact.id}/upload-file`,
        headers: { ...user.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ name: 'Late', validUntil: dayFromToday(5) });
    });

    describe('size limit', () => {
      it('accepts a file of exactly 5 MB', async () => {
        const file = await uploaded(contact.id, { filename: 'exact.bin', content: Buffer.alloc(MB5, 1) });
        expect(file.size).toBe(MB5);
      });

      it('refuses a file just over 5 MB with 413 "File size exceeds 5MB limit" and leaves no partial file', async () => {
        const before = await storedFiles();
        const countBefore = (await filesOf(contact.id, admin)).length;
        const res = await upload(
          contact.id,
          { validUntil: dayFromToday(10) },
          { filename: 'big.pdf', contentType: 'application/pdf', content: Buffer.alloc(MB5 + 1, 7) },
        );
        expect(res.statusCode).toBe(413);
        expect(errorOf(res)).toBe('File size exceeds 5MB limit');
        expect(await storedFiles()).toEqual(before);
        expect((await filesOf(contact.id, admin)).length).toBe(countBefore);
      });
    });

    describe('valid-until date', () => {
      it.each([
        ['missing', undefined, 'Valid until date is required'],
        ['blank', '  ', 'Valid until date is required'],
        ['yesterday', dayFromToday(-1), 'Valid until date cannot be before today'],
        ['last year', dayFromToday(-365), 'Valid until date cannot be before today'],
        ['not a date', 'next week', 'Valid until must be a date (YYYY-MM-DD)'],
        ['an impossible date', '2031-02-30', 'Valid until must be a date (YYYY-MM-DD)'],
      ])('refuses a date that is %s, and keeps nothing on disk', async (_label, validUntil, message) => {
        const before = await storedFiles();
        const res = await upload(contact.id, validUntil === undefined ? {} : { validUntil }, {
          filename: 'doc.txt',
          content: 'text',
        });
        expect(res.statusCode).toBe(400);
        expect(errorOf(res)).toBe(message);
        expect(fieldsOf(res).validUntil).toBe(message);
        expect(await storedFiles()).toEqual(before);
      });

      it('accepts today', async () => {
        const file = await uploaded(
          contact.id,
          { filename: 'today.txt', content: 'x' },
          { validUntil: dayFromToday(0) },
        );
        expect(file.validUntil).toBe(dayFromToday(0));
      });
    });

    it('refuses a request without a file, or with an empty one', async () => {
      const none = await upload(contact.id, { validUntil: dayFromToday(3) });
      expect(none.statusCode).toBe(400);
      expect(fieldsOf(none).file).toBe('Choose a file to upload');
      const before = await storedFiles();
      const empty = await upload(
        contact.id,
        { validUntil: dayFromToday(3) },
        { filename: 'empty.txt', content: '' },
      );
      expect(empty.statusCode).toBe(400);
      expect(fieldsOf(empty).file).toBe('Choose a file to upload');
      expect(await storedFiles()).toEqual(before);
    });

    it('refuses a body that is not multipart with a 4xx, never a 500', async () => {
      const res = await call(t, 'POST', `/api/contacts/${contact.id}/upload-file`, user, { file: 'x' });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    });

    it('keeps what the client named the file off the disk', async () => {
      const before = await storedFiles();
      const file = await uploaded(contact.id, {
        filename: '../../../etc/evil.HTML',
        contentType: 'text/html',
        content: '<script>alert(1)</script>',
      });
      expect(file.filename).toMatch(/^[a-f0-9]{32}\.html$/);
      expect(await storedFiles()).toEqual([...before, file.filename].sort());
      const odd = await uploaded(contact.id, { filename: 'no-extension', content: 'x' });
      expect(odd.filename).toMatch(/^[a-f0-9]{32}$/);
      const weird = await uploaded(contact.id, { filename: 'x.ph p', content: 'x' });
      expect(weird.filename).toMatch(/^[a-f0-9]{32}$/);
    });

    it('answers 404 "Contact not found." for an unknown contact', async () => {
      const res = await upload(999999, { validUntil: dayFromToday(3) }, { filename: 'a.txt', content: 'x' });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toBe('Contact not found.');
    });
  });

  describe('download: GET /uploads/contacts/{filename}?access=…', () => {
    it.each([
      ['page.html', 'text/html', '<html><script>alert(1)</script></html>'],
      ['image.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
      ['code.js', 'text/javascript', 'alert(1)'],
      ['lying.html', 'image/png', '<script>alert(1)</script>'],
      ['unknown.exe', 'application/x-msdownload', 'MZ'],
    ])('sends %s (%s) as an application/octet-stream attachment', async (filename, contentType, content) => {
      const file = await uploaded(contact.id, { filename, contentType, content });
      const res = await download(file.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(String(res.headers['content-disposition'])).toMatch(/^attachment;/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.body).toBe(content);
    });

    it.each([
      ['scan.pdf', 'application/pdf', 'application/pdf'],
      ['photo.png', 'image/png', 'image/png'],
      ['PHOTO.PNG', 'image/png', 'image/png'],
      ['notes.txt', 'text/plain', 'text/plain; charset=utf-8'],
    ])('shows %s inline as %s', async (filename, contentType, served) => {
      const file = await uploaded(contact.id, { filename, contentType, content: 'inert' });
      const res = await download(file.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(served);
      expect(String(res.headers['content-disposition'])).toMatch(/^inline;/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.body).toBe('inert');
    });

    it('names the download after the file’s name', async () => {
      const file = await uploaded(
        contact.id,
        { filename: 'x.pdf', contentType: 'application/pdf', content: 'x' },
        { customFileName: 'Tapu Belgesi ğ.pdf' },
      );
      const res = await download(file.url);
      expect(res.headers['content-disposition']).toBe(
        `inline; filename*=UTF-8''${encodeURIComponent('Tapu Belgesi ğ.pdf')}`,
      );
    });

    it('keeps the uploaded extension when the custom name has none', async () => {
      const file = await uploaded(
        contact.id,
        { filename: 'scan.PDF', contentType: 'application/pdf', content: 'x' },
        { customFileName: 'Title deed' },
      );
      expect(file.name).toBe('Title deed');
      const res = await download(file.url);
      expect(res.headers['content-disposition']).toBe(
        `inline; filename*=UTF-8''${encodeURIComponent('Title deed.pdf')}`,
      );
    });

    it('needs no bearer token, but refuses a missing or wrong access with 401', async () => {
      const file = await uploaded(contact.id, { filename: 'private.pdf', content: 'secret' });
      const bare = `/uploads/contacts/${file.filename}`;
      const access = new URL(file.url, 'http://x').searchParams.get('access')!;
      const [exp, signature] = access.split('.');
      const otherFile = await uploaded(contact.id, { filename: 'other.pdf', content: 'other' });
      const otherAccess = new URL(otherFile.url, 'http://x').searchParams.get('access')!;
      for (const url of [
        bare,
        `${bare}?access=`,
        `${bare}?access=garbage`,
        `${bare}?access=${exp}.${signature}x`,
        `${bare}?access=${Number(exp) + 60}.${signature}`,
        `${bare}?access=${Math.floor(Date.now() / 1000) - 10}.${signature}`,
        `${bare}?access=${encodeURIComponent(otherAccess)}`,
      ]) {
        const res = await download(url);
        expect(res.statusCode, url).toBe(401);
        expect(res.body).not.toContain('secret');
      }
      expect((await download(file.url)).statusCode).toBe(200);
    });

    it('answers 404 for a name that is not a stored file name', async () => {
      for (const name of ['..%2F..%2Fcrm.sqlite', 'crm.sqlite', 'ABC.pdf']) {
        expect((await download(`/uploads/contacts/${name}?access=1.x`)).statusCode).toBe(404);
      }
    });
  });

  describe('GET /api/contacts/:id/files and the detail’s files', () => {
    it('lists the files of that contact only, newest first', async () => {
      const mine = await createContact(t, user, leadPayload());
      const elsewhere = await createContact(t, user, leadPayload());
      const a = await uploaded(mine.id, { filename: 'a.txt', content: 'a' });
      const b = await uploaded(mine.id, { filename: 'b.txt', content: 'b' }, {}, other);
      await uploaded(elsewhere.id, { filename: 'c.txt', content: 'c' });
      const files = await filesOf(mine.id);
      expect(files.map((f) => f.id)).toEqual([b.id, a.id]);
      expect(files.map((f) => f.uploadedBy.name)).toEqual(['Oya Other', 'Umut User']);
      const detail = await call(t, 'GET', `/api/contacts/${mine.id}`, user);
      expect(detail.json().files.map((f: FileJson) => f.id)).toEqual([b.id, a.id]);
    });

    it('gives each file a working download url', async () => {
      const mine = await createContact(t, user, leadPayload());
      await uploaded(mine.id, { filename: 'a.txt', content: 'listed' });
      const [file] = await filesOf(mine.id, other);
      expect((await download(file!.url)).body).toBe('listed');
    });

    it('answers 404 for an unknown contact', async () => {
      const res = await call(t, 'GET', '/api/contacts/999999/files', user);
      expect(res.statusCode).toBe(404);
    });
  });

  describe('deleting and reactivating files', () => {
    it('lets anyone delete a file; non-admins are then not sent it, admins see who deleted it', async () => {
      const target = await createContact(t, user, leadPayload());
      const gone = await uploaded(target.id, { filename: 'gone.txt', content: 'g' });
      const kept = await uploaded(target.id, { filename: 'kept.txt', content: 'k' });

      const res = await deactivateFile(gone.id, other);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: gone.id, isActive: false, deletedBy: { name: 'Oya Other' } });

      for (const who of [user, other]) {
        expect((await filesOf(target.id, who)).map((f) => f.id)).toEqual([kept.id]);
        const detail = await call(t, 'GET', `/api/contacts/${target.id}`, who);
        expect(detail.json().files.map((f: FileJson) => f.id)).toEqual([kept.id]);
      }
      const asAdmin = await filesOf(target.id, admin);
      expect(asAdmin.map((f) => [f.id, f.isActive])).toEqual([
        [kept.id, true],
        [gone.id, false],
      ]);
      expect(asAdmin.find((f) => f.id === gone.id)?.deletedBy).toEqual({ name: 'Oya Other' });
      const adminDetail = await call(t, 'GET', `/api/contacts/${target.id}`, admin);
      expect(adminDetail.json().files.map((f: FileJson) => f.id)).toEqual([kept.id, gone.id]);
    });

    it('answers 404 "File not found" to a non-admin for a file already deleted', async () => {
      const file = await uploaded(contact.id, { filename: 'twice.txt', content: 't' });
      await deactivateFile(file.id);
      const again = await deactivateFile(file.id);
      expect(again.statusCode).toBe(404);
      expect(errorOf(again)).toBe('File not found');
    });

    it('reactivation is admin-only: 403 for anyone else, and the file stays deleted', async () => {
      const target = await createContact(t, user, leadPayload());
      const file = await uploaded(target.id, { filename: 'r.txt', content: 'r' });
      await deactivateFile(file.id);
      const res = await activateFile(file.id, user);
      expect(res.statusCode).toBe(403);
      expect(await filesOf(target.id, user)).toEqual([]);
    });

    it('an admin reactivates a file and everyone sees it again', async () => {
      const target = await createContact(t, user, leadPayload());
      const file = await uploaded(target.id, { filename: 'back.txt', content: 'b' });
      await deactivateFile(file.id);
      const res = await activateFile(file.id, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: file.id, isActive: true, deletedBy: null });
      expect((await filesOf(target.id, user)).map((f) => [f.id, f.isActive])).toEqual([[file.id, true]]);
    });

    it('answers 404 for an unknown file and 400 for a malformed id', async () => {
      expect((await deactivateFile(999999)).statusCode).toBe(404);
      expect((await activateFile(999999)).statusCode).toBe(404);
      expect((await call(t, 'PATCH', '/api/contacts/deactivate/files/abc', user)).statusCode).toBe(400);
    });
  });

  describe('authentication', () => {
    it.each([
      ['GET', '/api/contacts/1/files'],
      ['PATCH', '/api/contacts/activate/files/1'],
      ['PATCH', '/api/contacts/deactivate/files/1'],
    ] as const)('%s %s without a token is 401', async (method, url) => {
      expect((await call(t, method, url)).statusCode).toBe(401);
    });

    it('POST upload-file without a token is 401 and stores nothing', async () => {
      const before = await storedFiles();
      const res = await upload(
        contact.id,
        { validUntil: dayFromToday(3) },
        { filename: 'a.txt', content: 'x' },
        null,
      );
      expect(res.statusCode).toBe(401);
      expect(await storedFiles()).toEqual(before);
    });
  });
});
