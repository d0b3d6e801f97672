import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** The name authenticator apps show next to the account. */
const ISSUER = 'Staff CRM';

/**
 * One time step either side of now is accepted: phones' clocks drift, and people type a code that
 * was shown a moment before it changed.
 */
const TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth URI and the same as a PNG data URL (an image: inert wherever it is shown). */
export async function totpSetup(secret: string, account: string): Promise<{ uri: string; qr: string }> {
  const uri = generateURI({ issuer: ISSUER, label: account, secret });
  const qr = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { uri, qr };
}

/**
 * The time step of the code when it is valid now and later than `afterTimeStep`, else undefined.
 * A malformed code is simply not valid.
 */
export async function checkTotp(
  secret: string,
  code: string,
  afterTimeStep: number | null,
): Promise<number | undefined> {
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: TOLERANCE_SECONDS,
      ...(afterTimeStep === null ? {} : { afterTimeStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  } catch {
    return undefined;
  }
}
