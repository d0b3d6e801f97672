import { useQuery } from '@tanstack/react-query';
import { fetchHistory } from './record-api';
import { recordTabKeys } from './record-keys';
import { HISTORY_LOAD_FAILED } from './record-messages';
import type { RecordParent } from './record-types';

/** The record's edit history; a failure is only logged (001 §8, 002 §8). */
export function useRecordHistory(parent: RecordParent) {
  return useQuery({
    queryKey: recordTabKeys.history(parent),
    queryFn: async ({ signal }) => {
      try {
        return await fetchHistory(parent, signal);
      } catch (error) {
        if (!(error instanceof DOMException && error.name === 'AbortError')) {
          console.error(HISTORY_LOAD_FAILED, error);
        }
        throw error;
      }
    },
    staleTime: 0,
  });
}
