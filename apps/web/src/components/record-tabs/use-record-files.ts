import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { type FileUpload, fetchFiles, setFileState, uploadFile } from './record-api';
import { recordTabKeys } from './record-keys';
import { type FilesMessages, failureMessage } from './record-messages';
import type { FileAction, RecordParent } from './record-types';

/** File links are signed for an hour; the list is fetched again before they run out. */
const LINK_REFRESH_MS = 45 * 60 * 1000;

export function useRecordFiles(parent: RecordParent) {
  return useQuery({
    queryKey: recordTabKeys.files(parent),
    queryFn: ({ signal }) => fetchFiles(parent, signal),
    staleTime: 0,
    refetchInterval: LINK_REFRESH_MS,
  });
}

export function useUploadFile(parent: RecordParent, messages: FilesMessages) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: FileUpload) => uploadFile(parent, upload),
    onSuccess: async () => {
      toast.success(messages.uploaded);
      await queryClient.invalidateQueries({ queryKey: recordTabKeys.files(parent) });
    },
    onError: (error) => toast.error(failureMessage(messages.uploadFailed, error)),
  });
}

export function useSetFileState(parent: RecordParent, messages: FilesMessages) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId, action }: { fileId: number; action: FileAction }) =>
      setFileState(parent, fileId, action),
    onSuccess: async (_file, { action }) => {
      toast.success(action === 'deactivate' ? messages.deleted : messages.reactivated);
      await queryClient.invalidateQueries({ queryKey: recordTabKeys.files(parent) });
    },
    onError: (error, { action }) => {
      const text = action === 'deactivate' ? messages.deleteFailed : messages.reactivateFailed;
      toast.error(failureMessage(text, error));
    },
  });
}
