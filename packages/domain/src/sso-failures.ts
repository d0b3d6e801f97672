// Apart from sso.ts and its zod schemas: the login page reads these, and its JavaScript has a budget
// (`npm run size`) that zod alone would overrun.

/**
 * Why a sign-in through the provider ended back on the login page. The callback redirects with the
 * code only (`/login?sso=<code>`), so that nobody can make the login page show words of their own.
 */
export const SSO_FAILURES = {
  disabled: 'Single sign-on is not turned on.',
  expired: 'Your sign-in has expired or was already used. Please try again.',
  provider: 'The sign-in provider did not complete the sign-in. Please try again.',
  unverified: 'The provider has not verified your e-mail address.',
  domain: 'Your e-mail domain is not allowed to sign in here.',
  unknown: 'There is no account for your e-mail address. Ask an administrator to create one.',
  inactive: 'Your account is inactive. Please contact an administrator.',
} as const;
export type SsoFailure = keyof typeof SSO_FAILURES;

/** The message for a failure code from the login page's address, or undefined for anything else. */
export function ssoFailureMessage(code: string | null | undefined): string | undefined {
  return code && Object.hasOwn(SSO_FAILURES, code) ? SSO_FAILURES[code as SsoFailure] : undefined;
}
