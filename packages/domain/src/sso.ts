import { z } from 'zod';

/** What happens to someone the provider vouches for who has no account here yet. */
export const SSO_UNKNOWN_PEOPLE = ['refuse', 'create'] as const;
export type SsoUnknownPeople = (typeof SSO_UNKNOWN_PEOPLE)[number];

/** Who may still use the e-mail and password form: everyone, or admins only (they can never be locked out). */
export const PASSWORD_SIGN_IN = ['everyone', 'admins'] as const;
export type PasswordSignIn = (typeof PASSWORD_SIGN_IN)[number];

export const ssoMessages = {
  issuerRequired: 'Enter the provider’s issuer URL',
  issuerFormat: 'The issuer must be an https:// URL (http:// only on this machine)',
  issuerUnreachable: 'The provider’s discovery document could not be read from this issuer',
  clientIdRequired: 'Enter the client ID',
  clientSecretRequired: 'Enter the client secret',
  displayNameRequired: 'Enter the name shown on the sign-in button',
  domainFormat: 'Each allowed domain looks like example.com',
  domainsRequiredToCreate: 'List the allowed e-mail domains before letting unknown people in',
  passwordSignInOff: 'Password sign-in is turned off. Use single sign-on.',
  saved: 'Single sign-on settings saved',
} as const;

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** What an admin sends: the secret only when it changes (left out or empty keeps the stored one). */
export const ssoSettingsSchema = z.object({
  enabled: z.boolean(),
  displayName: z.string().trim().max(60),
  issuer: z.string().trim().max(500),
  clientId: z.string().trim().max(300),
  clientSecret: z.string().max(1000).optional(),
  allowedDomains: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .transform((value) => value.replace(/^@/, ''))
        .pipe(z.string().regex(DOMAIN, { error: ssoMessages.domainFormat })),
    )
    .max(50),
  unknownPeople: z.enum(SSO_UNKNOWN_PEOPLE),
  passwordSignIn: z.enum(PASSWORD_SIGN_IN),
});
export type SsoSettingsInput = z.input<typeof ssoSettingsSchema>;

/** What the admin's card reads: never the secret, only whether one is stored. */
export interface SsoSettings {
  enabled: boolean;
  displayName: string;
  issuer: string;
  clientId: string;
  clientSecretSet: boolean;
  allowedDomains: string[];
  unknownPeople: SsoUnknownPeople;
  passwordSignIn: PasswordSignIn;
  /** The address to register at the provider as the redirect URI. */
  redirectUri: string;
}

/** What the login page reads before anyone is signed in. */
export interface SsoLoginOptions {
  enabled: boolean;
  displayName: string;
  passwordSignIn: PasswordSignIn;
}
