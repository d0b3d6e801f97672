// Apart from the schemas, so that the lists show the bar without zod.
/**
 * The fields that make a profile complete; completeness is the share of them filled, 0–100.
 * Name, surname and phone are always there, so a new contact starts above zero.
 */
export const COMPLETENESS_FIELDS = [
  'name',
  'surname',
  'phone',
  'email',
  'nationality',
  'residency',
  'gender',
  'passportNumber',
  'birthday',
  'city',
  'occupation',
  'maritalStatus',
  'educationLevel',
  'incomeLevel',
  'budget',
  'preferredPayment',
] as const;

export function completeness(
  contact: Partial<Record<(typeof COMPLETENESS_FIELDS)[number], unknown>>,
): number {
  const filled = COMPLETENESS_FIELDS.filter((field) => {
    const value = contact[field];
    if (field === 'budget') return typeof value === 'number' && value > 0;
    return value !== null && value !== undefined && String(value).trim() !== '';
  }).length;
  return Math.round((filled / COMPLETENESS_FIELDS.length) * 100);
}

export type CompletenessColour = 'green' | 'amber' | 'red';
export function completenessColour(percent: number): CompletenessColour {
  if (percent >= 80) return 'green';
  if (percent >= 50) return 'amber';
  return 'red';
}
