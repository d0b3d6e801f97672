import { ssoMessages as m, type SsoSettings, type ssoSettingsSchema } from '@crm/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../lib/http-errors.js';
import { discover, issuerAllowed } from './sso-provider.js';
import { readSso, type StoredSso, writeSso } from './sso-settings.js';

/** The settings as the admin's card reads them: whether a secret is stored, never the secret. */
export function ssoView(s: StoredSso, redirectUri: string): SsoSettings {
  const { clientSecret, ...rest } = s;
  return { ...rest, clientSecretSet: clientSecret !== '', redirectUri };
}

export async function getSsoSettings(ctx: AppContext, redirectUri: string): Promise<SsoSettings> {
  return ssoView(await readSso(ctx.db), redirectUri);
}

/**
 * Saves the provider's settings. Turning sign-in through it on needs a whole provider (issuer,
 * client, secret, button name) whose discovery document answers; letting unknown people in needs a
 * list of allowed domains, or anyone with an account at a public provider would get one here.
 */
export async function saveSsoSettings(
  ctx: AppContext,
  input: z.output<typeof ssoSettingsSchema>,
  redirectUri: string,
): Promise<SsoSettings> {
  const current = await readSso(ctx.db);
  const clientSecret = input.clientSecret ? input.clientSecret : current.clientSecret;
  const next: StoredSso = { ...input, allowedDomains: [...new Set(input.allowedDomains)], clientSecret };
  const fields: Record<string, string> = {};
  if (next.issuer !== '' && !issuerAllowed(next.issuer)) fields.issuer = m.issuerFormat;
  if (next.unknownPeople === 'create' && next.allowedDomains.length === 0)
    fields.allowedDomains = m.domainsRequiredToCreate;
  if (next.enabled) {
    if (next.issuer === '') fields.issuer = m.issuerRequired;
    if (next.clientId === '') fields.clientId = m.clientIdRequired;
    if (next.clientSecret === '') fields.clientSecret = m.clientSecretRequired;
    if (next.displayName === '') fields.displayName = m.displayNameRequired;
  }
  const [first] = Object.values(fields);
  if (first) throw badRequest(first, fields);
  if (next.enabled) {
    try {
      await discover(next);
    } catch {
      throw badRequest(m.issuerUnreachable, { issuer: m.issuerUnreachable });
    }
  }
  await writeSso(ctx.db, next);
  return ssoView(next, redirectUri);
}
