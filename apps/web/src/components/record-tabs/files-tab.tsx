import { Center, Loader, Stack, Table, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useCurrentUser } from '../../lib/session-context';
import { toast } from '../../lib/toast';
import { confirmAction } from './confirm-action';
import { FileRow } from './file-row';
import type { FileUpload } from './record-api';
import { DEFAULT_FILES_MESSAGES, type FilesMessages, MAX_UPLOAD_BYTES } from './record-messages';
import type { RecordFile, RecordParent } from './record-types';
import { UploadBox } from './upload-box';
import { UploadFileModal } from './upload-file-modal';
import { useRecordFiles, useSetFileState, useUploadFile } from './use-record-files';

export interface FilesTabProps {
  parent: RecordParent;
  /** Default 'No files uploaded for this contact.' */
  emptyText?: string;
  messages?: Partial<FilesMessages>;
}

/** Files of a contact or a partner: list, upload, delete and admin reactivate. */
export function FilesTab({ parent, emptyText, messages }: FilesTabProps) {
  const texts: FilesMessages = {
    ...DEFAULT_FILES_MESSAGES,
    ...messages,
    ...(emptyText ? { empty: emptyText } : {}),
  };
  const isAdmin = useCurrentUser().role === 'admin';
  const files = useRecordFiles(parent);
  const upload = useUploadFile(parent, texts);
  const setState = useSetFileState(parent, texts);
  const [chosen, setChosen] = useState<File | null>(null);

  const choose = (file: File) => {
    if (file.size > MAX_UPLOAD_BYTES) {
      toast.error(texts.tooLarge);
      return;
    }
    setChosen(file);
  };

  const send = async (values: FileUpload) => {
    if (values.file.size > MAX_UPLOAD_BYTES) {
      toast.error(texts.tooLarge);
      return false;
    }
    try {
      await upload.mutateAsync(values);
      return true;
    } catch {
      return false;
    }
  };

  const confirmDelete = (file: RecordFile) =>
    confirmAction({
      title: 'Delete file',
      message: `Are you sure you want to delete "${file.name}"?`,
      confirmLabel: 'Delete',
      color: 'red',
      onConfirm: () => setState.mutate({ fileId: file.id, action: 'deactivate' }),
    });

  const confirmReactivate = (file: RecordFile) =>
    confirmAction({
      title: 'Reactivate file',
      message: `Are you sure you want to reactivate "${file.name}"?`,
      confirmLabel: 'Reactivate',
      color: 'teal',
      onConfirm: () => setState.mutate({ fileId: file.id, action: 'activate' }),
    });

  const rows = files.data ?? [];
  let list: ReactNode;
  if (files.isPending) {
    list = (
      <Center h={100}>
        <Loader size="sm" aria-label="Loading files" />
      </Center>
    );
  } else if (files.isError) {
    list = (
      <Text c="red" ta="center" py="lg">
        {texts.loadFailed}
      </Text>
    );
  } else if (rows.length === 0) {
    list = (
      <Text c="dimmed" ta="center" py="lg">
        {texts.empty}
      </Text>
    );
  } else {
    list = (
      <Table.ScrollContainer minWidth={600}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>File</Table.Th>
              <Table.Th>Valid Until</Table.Th>
              {isAdmin && <Table.Th>Status</Table.Th>}
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((file) => (
              <FileRow
                key={file.id}
                file={file}
                isAdmin={isAdmin}
                deletedStatus={texts.deletedStatus}
                onDelete={confirmDelete}
                onReactivate={confirmReactivate}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="md">
      <UploadBox onChoose={choose} />
      {list}
      <UploadFileModal
        file={chosen}
        uploading={upload.isPending}
        onClose={() => setChosen(null)}
        onUpload={send}
      />
    </Stack>
  );
}
