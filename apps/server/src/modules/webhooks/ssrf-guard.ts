import { lookup } from 'node:dns/promises';
import { webhookMessages as m } from '@crm/domain';
import ipaddr from 'ipaddr.js';

/**
 * No server-side request forgery (cf. EspoCRM CVE-2026-33534): a webhook may only reach public
 * addresses. The URL parser (WHATWG) already turns every spelling of an IPv4 address (127.1,
 * 0x7f.1, 017700000001, 2130706433) into its dotted form, so one check of the parsed host sees
 * them all; a host name is checked by every address its DNS answer gives, and the caller then
 * connects to the address checked here, never to a second answer (DNS rebinding).
 */

export interface Target {
  url: URL;
  /** The address to connect to; undefined for an allowed host (connected by name). */
  address: string | undefined;
  family: 4 | 6 | undefined;
}

export class RefusedTarget extends Error {}

export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;

const systemResolve: Resolve = (host) => lookup(host, { all: true, verbatim: true });

/** Only ordinary public unicast: loopback, private, link-local, CGNAT, multicast, NAT64… all refused. */
export function isPublicAddress(text: string): boolean {
  if (!ipaddr.isValid(text)) return false;
  // An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it is.
  const address = ipaddr.process(text);
  return address.range() === 'unicast';
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '').toLowerCase();

/** The URL's form alone: https (http only for an allowed host), no credentials. */
export function parseWebhookUrl(text: string, allowedHosts: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new RefusedTarget(m.urlInvalid);
  }
  const allowed = allowedHosts.includes(bare(url.hostname));
  if (url.protocol !== 'https:' && !(allowed && url.protocol === 'http:'))
    throw new RefusedTarget(m.urlInvalid);
  if (url.username || url.password) throw new RefusedTarget(m.urlCredentials);
  if (!url.hostname) throw new RefusedTarget(m.urlInvalid);
  return url;
}

/** Checks a URL and answers the one address to connect to; throws RefusedTarget with the reason. */
export async function checkTarget(
  text: string,
  allowedHosts: readonly string[],
  resolve: Resolve = systemResolve,
): Promise<Target> {
  const url = parseWebhookUrl(text, allowedHosts);
  const host = bare(url.hostname);
  if (allowedHosts.includes(host)) return { url, address: undefined, family: undefined };
  if (ipaddr.isValid(host) || host.includes(':')) {
    if (!isPublicAddress(host)) throw new RefusedTarget(m.urlRefused);
    return { url, address: host, family: host.includes(':') ? 6 : 4 };
  }
  let answers: { address: string; family: number }[];
  try {
    answers = await resolve(host);
  } catch {
    throw new RefusedTarget(m.urlUnresolved);
  }
  if (answers.length === 0) throw new RefusedTarget(m.urlUnresolved);
  // Every answer must be public: a name with one private answer among public ones is refused.
  if (answers.some((answer) => !isPublicAddress(answer.address))) throw new RefusedTarget(m.urlRefused);
  const first = answers[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
