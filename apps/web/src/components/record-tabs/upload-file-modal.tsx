import { isIsoDate } from '@crm/domain';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { DateInput } from '../date-input';
import { formatFileSize } from './file-size';
import type { FileUpload } from './record-api';

/** 001 §5 and 002: the valid-until date cannot be before today (the server's words). */
const VALID_UNTIL_PAST = 'Valid until date cannot be before today';

interface UploadFileModalProps {
  /** The chosen file; the dialog is open while there is one. */
  file: File | null;
  uploading: boolean;
  onClose: () => void;
  /** Resolves true when the file was stored (the dialog then closes). */
  onUpload: (upload: FileUpload) => Promise<boolean>;
}

/** The chosen file's name, an optional custom name, a required valid-until date (today or later). */
export function UploadFileModal({ file, uploading, onClose, onUpload }: UploadFileModalProps) {
  return (
    <Modal opened={file !== null} onClose={onClose} title="Upload File" centered closeOnClickOutside={false}>
      {file && (
        <UploadFileForm
          key={`${file.name}-${file.size}`}
          file={file}
          uploading={uploading}
          onClose={onClose}
          onUpload={onUpload}
        />
      )}
    </Modal>
  );
}

function UploadFileForm({
  file,
  uploading,
  onClose,
  onUpload,
}: Omit<UploadFileModalProps, 'file'> & { file: File }) {
  const [customFileName, setCustomFileName] = useState('');
  // "" until a date is typed or picked; the text as typed while it is no date (the field says so).
  const [validUntil, setValidUntil] = useState('');
  const today = dayjs().format('YYYY-MM-DD');
  const dateOk = isIsoDate(validUntil) && validUntil >= today;
  const past = isIsoDate(validUntil) && validUntil < today;

  const upload = async () => {
    if (!validUntil || !dateOk) return;
    if (await onUpload({ file, validUntil, customFileName })) onClose();
  };

  return (
    <Stack gap="md">
      <div>
        <Text size="xs" c="dimmed">
          Selected file
        </Text>
        <Text size="sm" fw={500} style={{ wordBreak: 'break-all' }}>
          {file.name}
        </Text>
        <Text size="xs" c="dimmed">
          {formatFileSize(file.size)}
        </Text>
      </div>
      <TextInput
        label="Custom file name"
        description="Optional; the file's own name is used otherwise"
        placeholder={file.name}
        value={customFileName}
        maxLength={255}
        onChange={(event) => setCustomFileName(event.currentTarget.value)}
      />
      <DateInput
        label="Valid until"
        required
        clearable
        minDate={today}
        value={validUntil}
        error={past ? VALID_UNTIL_PAST : undefined}
        onChange={setValidUntil}
        popoverProps={{ withinPortal: true }}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={upload} loading={uploading} disabled={!dateOk}>
          Upload
        </Button>
      </Group>
    </Stack>
  );
}
