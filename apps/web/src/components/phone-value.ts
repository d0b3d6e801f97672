import { readPhone } from '@crm/domain';

/**
 * What the field holds for what was typed after the chosen country's dial code: every digit kept,
 * read as the imports read a number of that country (readPhone), so that a trunk 0 is dropped
 * ("0532 123 45 67" in Turkey is +90 532 123 45 67) and a number typed with the calling code is not
 * given it twice. A reading for another country is not taken: the person chose this one.
 */
export function phoneValueOf(phone: string, dialCode: string, iso2: string): string {
  const national = phone.replace(/\D/g, '').slice(dialCode.length);
  if (national === '') return '';
  const read = readPhone(national, iso2);
  return read.callingCode === `+${dialCode}` ? `+${read.digits}` : `+${dialCode}${national}`;
}
