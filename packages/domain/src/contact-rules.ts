// Rules the web app's screens apply without the schemas (contacts.ts), so that they load no zod.

/** The fields a conversion asks for: those among nationality, residency, source and gender that are empty. */
export const CONVERSION_FIELDS = ['nationality', 'residency', 'source', 'gender'] as const;
export type ConversionField = (typeof CONVERSION_FIELDS)[number];

export function missingConversionFields(contact: {
  nationality: string | null;
  residency: string | null;
  source: string | null;
  gender: string | null;
  agencyId: number | null;
}): ConversionField[] {
  // A contact referred by an agency has no source by design; it is not asked for.
  return CONVERSION_FIELDS.filter(
    (field) => !contact[field] && !(field === 'source' && contact.agencyId !== null),
  );
}

/** Text of a rich-text note without its tags, for the 1,000-character rule. */
export function plainTextLength(html: string): number {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39);/g, 'x').length;
}
