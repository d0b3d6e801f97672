/** The shape of a validation issue (zod's `issues`), without depending on zod here. */
export interface ValidationIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first message for each top-level field. */
export function issuesToFieldErrors(issues: readonly ValidationIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** Keeps only the messages for fields the form has. */
export function pickFieldErrors<K extends string>(
  errors: Record<string, string>,
  fields: readonly K[],
): FieldErrors<K> {
  const picked: FieldErrors<K> = {};
  for (const field of fields) {
    const message = errors[field];
    if (message) picked[field] = message;
  }
  return picked;
}
