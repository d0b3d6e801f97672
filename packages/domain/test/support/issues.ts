/** Reading zod's safeParse results the way the forms and the server do: first message per field wins. */
interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

export type ParseResult = { success: true } | { success: false; error: { issues: readonly Issue[] } };

/** The first message for each top-level field ({} when the parse succeeded). */
export function firstErrors(result: ParseResult): Record<string, string> {
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '_');
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** The first message for one field, or undefined when that field has none. */
export function firstError(result: ParseResult, field: string): string | undefined {
  return firstErrors(result)[field];
}
