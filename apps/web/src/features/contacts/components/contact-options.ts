import {
  CHILDREN_MAX,
  EDUCATION_LABELS,
  EDUCATION_LEVELS,
  GENDERS,
  INCOME_BANDS,
  INCOME_LEVELS,
  MARITAL_STATUSES,
  PREFERRED_PAYMENTS,
  SOURCES,
} from '@crm/domain';

export interface SelectOption {
  value: string;
  label: string;
}

/** "UPPER_MIDDLE" → "Upper Middle". */
function titleCase(value: string): string {
  return value
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

const titled = (values: readonly string[]): SelectOption[] =>
  values.map((value) => ({ value, label: titleCase(value) }));

export const GENDER_OPTIONS = titled(GENDERS);
export const MARITAL_STATUS_OPTIONS = titled(MARITAL_STATUSES);
export const PAYMENT_OPTIONS = titled(PREFERRED_PAYMENTS);
export const SOURCE_OPTIONS: SelectOption[] = SOURCES.map((source) => ({ value: source, label: source }));

/** HIGH_SCHOOL reads 'Secondary School'. */
export const EDUCATION_OPTIONS: SelectOption[] = EDUCATION_LEVELS.map((level) => ({
  value: level,
  label: EDUCATION_LABELS[level],
}));

/** Each level with its band in STG, e.g. "Middle (3,001 – 6,000 STG)". */
export const INCOME_OPTIONS: SelectOption[] = INCOME_LEVELS.map((level) => ({
  value: level,
  label: `${titleCase(level)} (${INCOME_BANDS[level]})`,
}));

export const CHILDREN_OPTIONS: SelectOption[] = Array.from({ length: CHILDREN_MAX + 1 }, (_, count) => ({
  value: String(count),
  label: String(count),
}));
