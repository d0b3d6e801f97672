import { webhookMessages as m } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTarget, isPublicAddress, type Resolve } from '../src/modules/webhooks/ssrf-guard.js';
import { sendOnce } from '../src/modules/webhooks/webhook-send.js';
import { WebhookReceiver } from './helpers/webhook-receiver.js';

/** A resolver that answers from a table, as a DNS server under someone else's control might. */
const dnsOf =
  (answers: Record<string, string[]>): Resolve =>
  async (host) => {
    const list = answers[host];
    if (!list) throw new Error('ENOTFOUND');
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
const publicDns = dnsOf({ 'hooks.example.com': ['93.184.215.14'] });

const refusal = async (url: string, resolve: Resolve = publicDns, allowed: string[] = []) =>
  checkTarget(url, allowed, resolve).then(
    () => 'allowed',
    (error: Error) => error.message,
  );

describe('the webhook address guard', () => {
  it.each([
    ['https://127.0.0.1/hook'],
    ['https://127.1/hook'],
    ['https://0x7f.1/hook'],
    ['https://017700000001/hook'],
    ['https://2130706433/hook'],
    ['https://0x7f000001/hook'],
    ['https://[::1]/hook'],
    ['https://[::ffff:127.0.0.1]/hook'],
    ['https://[::ffff:7f00:1]/hook'],
    ['https://10.1.2.3/hook'],
    ['https://172.16.0.1/hook'],
    ['https://172.31.255.254/hook'],
    ['https://192.168.1.1/hook'],
    ['https://169.254.169.254/latest/meta-data'],
    ['https://100.100.100.200/hook'],
    ['https://[fd00::1]/hook'],
    ['https://[fd00:ec2::254]/hook'],
    ['https://[fe80::1]/hook'],
    ['https://0.0.0.0/hook'],
    ['https://0/hook'],
    ['https://[::]/hook'],
    ['https://255.255.255.255/hook'],
    ['https://224.0.0.1/hook'],
    ['https://[64:ff9b::7f00:1]/hook'],
  ])('refuses %s as not public', async (url) => {
    expect(await refusal(url)).toBe(m.urlRefused);
  });

  it('refuses a host name whose DNS answer is private, or has one private answer among public ones', async () => {
    const dns = dnsOf({
      'internal.example.com': ['10.0.0.5'],
      'mixed.example.com': ['93.184.215.14', '127.0.0.1'],
      'six.example.com': ['::1'],
      'mapped.example.com': ['::ffff:169.254.169.254'],
    });
    for (const host of ['internal', 'mixed', 'six', 'mapped'])
      expect(await refusal(`https://${host}.example.com/hook`, dns), host).toBe(m.urlRefused);
  });

  it('refuses a host that does not resolve', async () => {
    expect(await refusal('https://nowhere.example.com/hook')).toBe(m.urlUnresolved);
  });

  it('refuses http, other schemes and what is no URL', async () => {
    for (const url of [
      'http://hooks.example.com/hook',
      'ftp://hooks.example.com/',
      'file:///etc/passwd',
      'hooks',
    ])
      expect(await refusal(url), url).toBe(m.urlInvalid);
  });

  it('refuses a URL with a user name or password', async () => {
    expect(await refusal('https://user:secret@hooks.example.com/hook')).toBe(m.urlCredentials);
    expect(await refusal('https://user@hooks.example.com/hook')).toBe(m.urlCredentials);
  });

  it('answers the checked address to connect to, so a second DNS answer cannot change it', async () => {
    let calls = 0;
    const rebinding: Resolve = async () => {
      calls++;
      return [{ address: calls === 1 ? '93.184.215.14' : '127.0.0.1', family: 4 }];
    };
    const target = await checkTarget('https://hooks.example.com/hook', [], rebinding);
    expect(target).toMatchObject({ address: '93.184.215.14', family: 4 });
    expect(target.url.hostname).toBe('hooks.example.com');
    expect(calls).toBe(1);
  });

  it('allows public addresses, and private ones (over http too) only for the allowed hosts', async () => {
    expect(await refusal('https://hooks.example.com/hook')).toBe('allowed');
    expect(await refusal('https://93.184.215.14/hook')).toBe('allowed');
    expect(await refusal('https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/hook')).toBe('allowed');
    expect(await refusal('http://127.0.0.1:9/hook', publicDns, ['127.0.0.1'])).toBe('allowed');
    expect(await refusal('http://127.0.0.2:9/hook', publicDns, ['127.0.0.1'])).toBe(m.urlInvalid);
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('not an address')).toBe(false);
  });
});

describe('sending to a checked address', () => {
  const receiver = new WebhookReceiver();
  beforeAll(() => receiver.start());
  afterAll(() => receiver.close());

  it('connects to the address the guard checked, whatever the name would resolve to now', async () => {
    // The name does not resolve at all: only the pinned address can have reached the receiver.
    const url = new URL(`http://hooks.invalid:${receiver.port}/pinned`);
    const outcome = await sendOnce({ url, address: '127.0.0.1', family: 4 }, '{}', {}, 2000);
    expect(outcome).toEqual({ status: 200, error: null });
    expect(receiver.at('/pinned')[0]!.headers.host).toBe(`hooks.invalid:${receiver.port}`);
  });

  it('follows no redirect: a 302 is the answer, and its Location is never asked', async () => {
    receiver.queue('/moved', 302);
    const url = new URL(receiver.url('/moved'));
    const outcome = await sendOnce({ url, address: '127.0.0.1', family: 4 }, '{}', {}, 2000);
    expect(outcome).toEqual({ status: 302, error: null });
    expect(receiver.at('/moved')).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.at('/followed')).toHaveLength(0);
  });
});
