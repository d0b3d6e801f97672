import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../../lib/toast';
import { addNote, fetchNotes, type NoteAction, setNoteState } from './record-api';
import { recordTabKeys } from './record-keys';
import { failureMessage, type NotesMessages } from './record-messages';
import type { RecordParent } from './record-types';

/** The record's notes; a failed load toasts 'Error loading notes' once per failure. */
export function useRecordNotes(parent: RecordParent, messages: NotesMessages) {
  const query = useQuery({
    queryKey: recordTabKeys.notes(parent),
    queryFn: ({ signal }) => fetchNotes(parent, signal),
    staleTime: 0,
  });
  const { isError, errorUpdatedAt } = query;
  const { loadFailed } = messages;
  useEffect(() => {
    if (isError && errorUpdatedAt > 0) toast.error(loadFailed);
  }, [isError, errorUpdatedAt, loadFailed]);
  return query;
}

/** Adds a note; partners record added notes in their history, so that is reloaded too. */
export function useAddNote(parent: RecordParent, messages: NotesMessages) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => addNote(parent, content),
    onSuccess: async () => {
      toast.success(messages.added);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: recordTabKeys.notes(parent) }),
        queryClient.invalidateQueries({ queryKey: recordTabKeys.history(parent) }),
      ]);
    },
    onError: (error) => toast.error(failureMessage(messages.addFailed, error)),
  });
}

export function useSetNoteState(parent: RecordParent, messages: NotesMessages) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ noteId, action }: { noteId: number; action: NoteAction }) =>
      setNoteState(parent, noteId, action),
    onSuccess: async (_note, { action }) => {
      toast.success(action === 'delete' ? messages.deleted : messages.reactivated);
      await queryClient.invalidateQueries({ queryKey: recordTabKeys.notes(parent) });
    },
    onError: (error, { action }) => {
      const text = action === 'delete' ? messages.deleteFailed : messages.reactivateFailed;
      toast.error(failureMessage(text, error));
    },
  });
}
