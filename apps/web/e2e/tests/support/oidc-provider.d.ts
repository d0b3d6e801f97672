/* The little of oidc-provider (which ships no types) that the test provider uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Grant {
    jti: string;
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  interface GrantConstructor {
    new (properties: { clientId: string; accountId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  export interface KoaContextWithOIDC {
    oidc: {
      provider: { Grant: GrantConstructor };
      client?: { clientId: string };
      session?: { accountId?: string; grantIdFor(clientId: string, grantId?: string): string | undefined };
      result?: { consent?: { grantId?: string } };
    };
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
