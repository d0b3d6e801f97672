import { dialString } from '@crm/domain';
import { useEffect, useState } from 'react';

export type PhoneFormat = (digits: string) => string;

const plain: PhoneFormat = dialString;
let loaded: PhoneFormat | undefined;
let loading: Promise<PhoneFormat> | undefined;

/** libphonenumber's metadata is a quarter of a list screen's code: it follows the rows instead. */
function loadFormat(): Promise<PhoneFormat> {
  loading ??= import('libphonenumber-js').then(({ parsePhoneNumberFromString }) => {
    loaded = (digits) =>
      digits.startsWith('0')
        ? plain(digits)
        : (parsePhoneNumberFromString(`+${digits}`)?.formatInternational() ?? plain(digits));
    return loaded;
  });
  return loading;
}

/** The formatter as far as it is loaded now; usePhoneFormat re-renders a screen when it arrives. */
export function currentPhoneFormat(): PhoneFormat {
  return loaded ?? plain;
}

/**
 * "+90 532 123 45 67" for stored digits once the phone library is in, the digits as dialled until
 * then (and when they do not parse).
 */
export function usePhoneFormat(): PhoneFormat {
  const [format, setFormat] = useState<PhoneFormat>(() => loaded ?? plain);
  useEffect(() => {
    if (loaded) return;
    let current = true;
    void loadFormat().then((next) => {
      if (current) setFormat(() => next);
    });
    return () => {
      current = false;
    };
  }, []);
  return format;
}
