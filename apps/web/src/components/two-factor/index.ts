export { AuthenticatorSetup } from './authenticator-setup';
export { OneTimeCodeInput } from './one-time-code-input';
export { RecoveryCodes } from './recovery-codes';
