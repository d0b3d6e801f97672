import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createFileStore, type FileStore } from '../src/modules/storage/index.js';
import { dayFromToday } from './helpers/contacts.js';
import { prepareStore, STORES, type StoreUnderTest, storeContents } from './helpers/file-stores.js';
import { createTestApp, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

const name = () => `${Math.random().toString(16).slice(2).padEnd(16, '0')}${'a'.repeat(16)}.txt`;

async function until(what: string, check: () => Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(STORES)('the %s file store', (kind) => {
  let under: StoreUnderTest;
  let t: TestApp;
  let files: FileStore;
  let user: SignedIn;
  beforeAll(async () => {
    under = await prepareStore(kind);
    t = await createTestApp(under.env);
    files = createFileStore(t.config);
    user = await signIn(t);
  });
  afterAll(async () => {
    await files.close();
    await t.close();
    await under.close();
  });

  it('keeps a temporary invisible until it is committed', async () => {
    const file = name();
    expect(await files.putTemporary(file, Readable.from([Buffer.from('hello '), Buffer.from('world')]))).toBe(
      11,
    );
    expect(await files.exists(file)).toBe(false);
    expect(await files.get(file)).toBeUndefined();
    await files.commit(file);
    expect(await files.exists(file)).toBe(true);
    const stored = await files.get(file);
    expect(stored?.size).toBe(11);
    expect(await text(stored!.body)).toBe('hello world');
    expect(await storeContents(t.config)).not.toContain(`tmp/${file}`);
    const listed: string[] = [];
    for await (const each of files.list()) listed.push(each);
    expect(listed).toContain(file);
    await files.delete(file);
    expect(await files.exists(file)).toBe(false);
  });

  it('discards a temporary without a trace', async () => {
    const file = name();
    await files.putTemporary(file, Readable.from([Buffer.from('draft')]));
    expect(await storeContents(t.config)).toContain(`tmp/${file}`);
    await files.discard(file);
    expect(await storeContents(t.config)).not.toContain(`tmp/${file}`);
  });

  it('leaves nothing when the stream being stored fails midway', async () => {
    const before = await storeContents(t.config);
    const failing = new Readable({ read() {} });
    const put = files.putTemporary(name(), failing);
    failing.push(Buffer.alloc(64 * 1024, 1));
    setTimeout(() => failing.destroy(new Error('client went away')), 20);
    await expect(put).rejects.toThrow();
    expect(await storeContents(t.config)).toEqual(before);
  });

  it('sweeps only the temporaries older than the given time', async () => {
    const stale = name();
    await files.putTemporary(stale, Readable.from([Buffer.from('stale')]));
    expect(await files.sweepTemporaries(new Date(Date.now() - 60_000))).toBe(0);
    expect(await storeContents(t.config)).toContain(`tmp/${stale}`);
    expect(await files.sweepTemporaries(new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(1);
    expect((await storeContents(t.config)).filter((key) => key.startsWith('tmp/'))).toEqual([]);
  });

  it('an upload whose connection is cut midway leaves no file and no row', async () => {
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: user.headers,
      payload: { type: 'LEAD', name: 'Cut', surname: 'Off', phone: '905321234567', source: 'Facebook' },
    });
    const contactId = contact.json<{ id: number }>().id;
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const before = await storeContents(t.config);
    const { port } = new URL(address);
    const boundary = 'cut-midway';
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="validUntil"\r\n\r\n${dayFromToday(3)}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n';
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/contacts/${contactId}/upload-file HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Authorization: ${user.headers.authorization}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${4 * 1024 * 1024}\r\n\r\n`,
    );
    socket.write(head);
    socket.write(Buffer.alloc(256 * 1024, 1));
    try {
      // Locally the temporary is visible at once; S3 shows an object only once it is whole.
      if (kind === 'local') {
        await until('the upload to start', async () =>
          (await storeContents(t.config)).some((key) => key.startsWith('tmp/')),
        );
      } else {
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    } finally {
      socket.destroy();
    }
    await until('the temporary to go', async () =>
      (await storeContents(t.config)).every((key) => !key.startsWith('tmp/')),
    );
    expect(await storeContents(t.config)).toEqual(before);
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/contacts/${contactId}/files`,
      headers: user.headers,
    });
    expect(listed.json()).toEqual([]);
  });
});

describe('at start', () => {
  it('removes the temporaries of uploads a killed process left, and only stale ones', async () => {
    const t = await createTestApp();
    try {
      const temporaries = path.join(t.config.dataDir, 'uploads', 'tmp');
      mkdirSync(temporaries, { recursive: true });
      const stale = path.join(temporaries, `${'b'.repeat(32)}.pdf`);
      const fresh = path.join(temporaries, `${'c'.repeat(32)}.pdf`);
      writeFileSync(stale, 'half an upload from a process killed two hours ago');
      writeFileSync(fresh, 'an upload in progress on another process');
      const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
      utimesSync(stale, twoHoursAgo, twoHoursAgo);
      const restarted = await buildApp({ config: t.config, db: t.db, serveWeb: false });
      try {
        await until('the stale temporary to go', async () => !existsSync(stale));
        expect(existsSync(fresh)).toBe(true);
      } finally {
        await restarted.close();
      }
    } finally {
      await t.close();
    }
  });
});
