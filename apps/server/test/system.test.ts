import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDatabase, withoutFileMap } from '../src/db/database.js';
import { createTestApp, errorOf, type SignedIn, signIn, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let user: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  user = await signIn(t);
});
afterAll(async () => t.close());

describe('GET /api/health', () => {
  it('answers 200 while the database is reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /api/config', () => {
  it('answers the default variant dcs: service category on, room number off; deals in pounds', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config', headers: user.headers });
    expect(res.json()).toEqual({
      variant: 'dcs',
      features: { serviceCategory: true, roomNumber: false },
      emailDigest: false,
      defaultCountry: 'TR',
      currency: 'GBP',
    });
  });

  it('answers the deployment’s default phone country, DEFAULT_COUNTRY, in upper case', async () => {
    const other = await createTestApp({ DEFAULT_COUNTRY: 'gb' });
    try {
      const res = await other.app.inject({
        method: 'GET',
        url: '/api/config',
        headers: (await signIn(other)).headers,
      });
      expect(res.json()).toMatchObject({ defaultCountry: 'GB' });
    } finally {
      await other.close();
    }
  });

  it.each([
    ['alfam', { serviceCategory: false, roomNumber: true }],
    ['sg', { serviceCategory: false, roomNumber: false }],
  ])('answers the features of variant %s', async (variant, features) => {
    const other = await createTestApp({ CRM_VARIANT: variant });
    try {
      const res = await other.app.inject({
        method: 'GET',
        url: '/api/config',
        headers: (await signIn(other)).headers,
      });
      expect(res.json()).toEqual({
        variant,
        features,
        emailDigest: false,
        defaultCountry: 'TR',
        currency: 'GBP',
      });
    } finally {
      await other.close();
    }
  });
});

describe('security and conventions', () => {
  it('sends a Content-Security-Policy and other security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the same security headers on every answer, errors included', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    const unauthorised = await t.app.inject({ method: 'GET', url: '/api/contacts' });
    for (const res of [missing, unauthorised]) {
      for (const name of [
        'content-security-policy',
        'x-frame-options',
        'referrer-policy',
        'strict-transport-security',
      ]) {
        expect(res.headers[name], name).toBe(health.headers[name]);
      }
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found: GET /api/nothing-here' });
  });

  it('describes the API as OpenAPI at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: user.headers });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/users',
        '/api/users/update-user/{id}',
        '/api/users/change-password',
      ]),
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/docs', headers: user.headers })).statusCode,
    ).toBeLessThan(400);
  });

  it('answers /api/docs and /api/config only to a signed-in caller: nothing is public but the login', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/config']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(errorOf(res), url).toBe('Authentication required');
    }
  });

  it('forbids caching of every API answer, the login included, and forbids <base> in pages', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(200);
    for (const res of [
      login,
      await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers }),
      await t.app.inject({ method: 'GET', url: '/api/contacts', headers: user.headers }),
      await t.app.inject({ method: 'GET', url: '/api/contacts/999', headers: user.headers }),
    ]) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(String(res.headers['content-security-policy'])).toContain("base-uri 'none'");
    }
  });

  it('refuses an oversized body with 413 and a clear message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'Request body is too large' });
  });
});

describe('serving the web app', () => {
  it('serves index.html for deep links and real files as they are, but never for /api', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'crm-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>CRM</title>');
    writeFileSync(path.join(dist, 'assets', 'app-123.js'), 'console.log(1)');
    const app = await buildApp({ config: { ...t.config, webDistDir: dist }, db: t.db });
    try {
      const deep = await app.inject({ method: 'GET', url: '/lead/42' });
      expect(deep.statusCode).toBe(200);
      expect(deep.body).toContain('<title>CRM</title>');
      const asset = await app.inject({ method: 'GET', url: '/assets/app-123.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await app.inject({ method: 'GET', url: '/api/unknown' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/assets/missing-456.js' })).statusCode).toBe(404);
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('configuration', () => {
  it('lists every invalid variable at once', () => {
    expect(() => loadConfig({ PORT: 'abc', CRM_VARIANT: 'xyz', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT[\s\S]*DATABASE_URL: must start with postgres:\/\/[\s\S]*CRM_VARIANT: must be one of alfam, dcs, sg/,
    );
  });

  it('maps up to 2047 MB of the SQLite file unless SQLITE_MMAP_MB says less, and 0 maps none; bulk jobs read without it', async () => {
    expect(loadConfig({}).sqliteMmapMb).toBe(2047);
    expect(() => loadConfig({ SQLITE_MMAP_MB: '-1' })).toThrow(/SQLITE_MMAP_MB/);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'crm-mmap-'));
    try {
      for (const [mb, bytes] of [
        ['0', 0],
        ['64', 64 * 1024 * 1024],
      ] as const) {
        const db = createDatabase({ ...loadConfig({ DATA_DIR: dataDir, SQLITE_MMAP_MB: mb }) });
        const mapped = async () =>
          (await sql<{ mmap_size: number }>`pragma mmap_size`.execute(db)).rows[0]?.mmap_size;
        expect(await mapped()).toBe(bytes);
        // A bulk job reads without the map, however many run at once; the map comes back after.
        const during = await withoutFileMap(db, async () => [
          await mapped(),
          await withoutFileMap(db, mapped),
          await mapped(),
        ]);
        expect(during).toEqual([0, 0, 0]);
        expect(await mapped()).toBe(bytes);
        await db.destroy();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a DEFAULT_COUNTRY that is not a country code phones can be read for', () => {
    expect(() => loadConfig({ DEFAULT_COUNTRY: 'Turkey' })).toThrow(
      /DEFAULT_COUNTRY: must be a two-letter country code, such as TR/,
    );
    expect(loadConfig({}).defaultCountry).toBe('TR');
  });

  it('defaults to port 3000, ./data and variant dcs', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, dataDir: './data', variant: 'dcs', databaseUrl: undefined });
  });
});
