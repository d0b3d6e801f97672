import { useEffect } from 'react';

/** 000 §8: dashboard failures are only written to the console. */
export function useLoggedFailure(what: string, error: Error | null): void {
  useEffect(() => {
    if (error) console.error(`Failed to load ${what}`, error);
  }, [what, error]);
}
