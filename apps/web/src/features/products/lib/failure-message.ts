import { isNetworkError } from '../../../lib/api-error';

/** One fallback when the server answered with an error, another when it could not be reached. */
export function failureMessage(error: unknown, answered: string, unreachable: string): string {
  return isNetworkError(error) ? unreachable : answered;
}
