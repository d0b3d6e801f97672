import { useState } from 'react';
import { staleRecordOf } from '../../lib/api-error';

export interface EditConflict<T> {
  /** The record the form was filled from: its version goes with the save. */
  opened: T | undefined;
  /** The screen's copy, kept current by the live updates, is newer than the one opened. */
  changedUnderneath: boolean;
  /** The save was refused as stale (409): the server's sentence and the record as it is now. */
  refused: { message: string; current: T } | undefined;
  /** After a failed save: answers true (and shows the refusal) when it was a stale-version 409. */
  catchStale: (error: unknown) => boolean;
  /** The form now starts from `record`: the notices go. */
  restart: (record: T) => void;
}

/**
 * What an edit dialog knows of the record changing underneath it: the version it opened, compared
 * with the live one the screen holds (a colleague's save arrives through the live updates as a newer
 * version), and the 409 a stale save gets. Undefined when the dialog adds a new record.
 */
export function useEditConflict<T extends { version: number }>(live: T | undefined): EditConflict<T> {
  const [opened, setOpened] = useState(live);
  const [refused, setRefused] = useState<{ message: string; current: T } | undefined>();
  const changedUnderneath =
    !refused && live !== undefined && opened !== undefined && live.version > opened.version;
  return {
    opened,
    changedUnderneath,
    refused,
    catchStale: (error) => {
      const stale = staleRecordOf<T>(error);
      if (stale) setRefused(stale);
      return stale !== undefined;
    },
    restart: (record) => {
      setOpened(record);
      setRefused(undefined);
    },
  };
}
