import { type CustomFlagImage, defaultCountries, parseCountry } from 'react-international-phone';

const REGIONAL_INDICATOR_A = 0x1f1e6;

function flagEmoji(iso2: string): string {
  return String.fromCodePoint(
    ...[...iso2.toUpperCase()].map((letter) => REGIONAL_INDICATOR_A + letter.charCodeAt(0) - 65),
  );
}

function flagImage(iso2: string): string {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">' +
    `<text x="12" y="13" font-size="20" text-anchor="middle" dominant-baseline="middle">${flagEmoji(iso2)}</text>` +
    '</svg>';
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/**
 * Country flags drawn from the system's emoji font as inline images. The library's default
 * images come from a CDN, which the server's Content-Security-Policy (img-src 'self' data:)
 * refuses and which would tell a third party who uses the app.
 */
export const PHONE_FLAGS: CustomFlagImage[] = defaultCountries.map((country) => {
  const { iso2 } = parseCountry(country);
  return { iso2, src: flagImage(iso2) };
});
