import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { ADMIN } from './support/constants';
import { type FreshServer, startFreshServer } from './support/fresh-server';
import { expectToast, sidebar } from './support/ui';

// A server of its own, allowed to reach the receiver this spec runs on the loopback.
let server: FreshServer;
let receiver: Server;
let port = 0;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
  process.env.WEBHOOK_ALLOWED_HOSTS = '127.0.0.1';
  server = await startFreshServer();
});
test.afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

test.describe('webhooks', () => {
  test('an admin adds a webhook, keeps its secret, sees a signed delivery and redelivers it', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const base = server.baseURL;
    // Signed in by the API (the login screen has scenarios of its own), then all through the screens.
    const login = await request.post(`${base}/api/auth/login`, { data: ADMIN });
    const { token, user } = (await login.json()) as { token: string; user: unknown };
    await page.goto(`${base}/favicon.ico`);
    await page.evaluate(
      ([t, u]) => {
        window.localStorage.setItem('token', t);
        window.localStorage.setItem('user', u);
      },
      [token, JSON.stringify(user)] as const,
    );
    await page.goto(`${base}/`);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    await sidebar(page).getByRole('link', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(`${base}/settings/webhooks`);
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();

    // A private address is refused, with the reason under the field.
    await page.getByRole('textbox', { name: 'URL' }).fill('https://169.254.169.254/latest/meta-data');
    await page.getByRole('checkbox', { name: 'A contact is created' }).check();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await expect(
      page.getByText('This address is not allowed: it is loopback, private, link-local or reserved'),
    ).toBeVisible();

    const url = `http://127.0.0.1:${port}/crm`;
    await page.getByRole('textbox', { name: 'URL' }).fill(url);
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await expectToast(page, 'Webhook added');
    const secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    const row = page.getByRole('table', { name: 'Webhooks' }).getByRole('row', { name: new RegExp(url) });
    await expect(row.getByText('Active')).toBeVisible();

    // A lead created elsewhere reaches the receiver, signed with that secret.
    const created = await request.post(`${base}/api/contacts`, {
      headers: { authorization: `Bearer ${token}` },
      data: { type: 'LEAD', name: 'Hook', surname: 'Lead', phone: '+90 532 765 43 21', source: 'Facebook' },
    });
    expect(created.status()).toBe(201);
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    const first = received[0]!;
    const event = new Webhook(secret).verify(first.body, {
      'webhook-id': String(first.headers['webhook-id']),
      'webhook-timestamp': String(first.headers['webhook-timestamp']),
      'webhook-signature': String(first.headers['webhook-signature']),
    }) as { type: string; data: { record: { name: string } } };
    expect(event.type).toBe('contact.created');
    expect(event.data.record.name).toBe('Hook');

    await row.getByRole('button', { name: 'Deliveries' }).click();
    const log = page.getByRole('table', { name: 'Deliveries' });
    await expect(log.getByRole('row', { name: /contact\.created/ }).getByText('delivered')).toBeVisible({
      timeout: 10_000,
    });
    await log.getByRole('button', { name: 'Redeliver' }).click();
    await expectToast(page, 'Sent again');
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);
    expect(received[1]!.headers['webhook-id']).toBe(first.headers['webhook-id']);

    // Turned off, then deleted.
    await row.getByRole('button', { name: 'Turn off' }).click();
    await expectToast(page, 'Webhook turned off');
    await expect(row.getByText('Turned off')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Turn on' })).toBeVisible();
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Webhook deleted');
    await expect(page.getByText('No webhooks yet.')).toBeVisible();
  });
});
