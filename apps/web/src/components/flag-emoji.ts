const REGIONAL_INDICATOR_A = 0x1f1e6;

/** The emoji flag of an ISO 3166-1 alpha-2 code ("TR" → 🇹🇷), drawn by the system's emoji font. */
export function flagEmoji(iso2: string): string {
  return String.fromCodePoint(
    ...[...iso2.toUpperCase()].map((letter) => REGIONAL_INDICATOR_A + letter.charCodeAt(0) - 65),
  );
}
