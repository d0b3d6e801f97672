import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

export interface ProviderAccount {
  email: string;
  email_verified: boolean;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Keyed by the login name typed on the provider's page (also the subject). */
  accounts: Map<string, ProviderAccount>;
  close: () => Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider) on a free loopback port: one confidential client
 * with PKCE required, its development login page, and consent skipped as for a first-party app.
 */
export async function startTestProvider(redirectUri: string): Promise<TestProvider> {
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, ProviderAccount>();
  const clientId = 'crm-e2e';
  const clientSecret = 'an-e2e-client-secret-long-enough';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    cookies: { keys: ['e2e-provider-cookie-key'] },
    async findAccount(_ctx: KoaContextWithOIDC, id: string) {
      const account = accounts.get(id);
      return account && { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session, result } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email');
      await grant.save();
      session.grantIdFor(client.clientId, grant.jti);
      return grant;
    },
  });
  handle = provider.callback();
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
