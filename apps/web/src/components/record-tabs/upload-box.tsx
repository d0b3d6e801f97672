import { FileButton, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type DragEvent, useRef, useState } from 'react';

interface UploadBoxProps {
  onChoose: (file: File) => void;
}

/** A box to click or drop a file on; the choice then goes to the upload dialog. */
export function UploadBox({ onChoose }: UploadBoxProps) {
  const resetRef = useRef<() => void>(null);
  const [dragging, setDragging] = useState(false);

  const choose = (file: File | null) => {
    // Cleared so that choosing the same file again still counts as a choice.
    resetRef.current?.();
    if (file) onChoose(file);
  };

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files.item(0);
    if (file) onChoose(file);
  };

  return (
    <Paper
      withBorder
      radius="md"
      p={0}
      style={{
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: dragging ? 'var(--mantine-primary-color-filled)' : undefined,
        background: dragging ? 'var(--mantine-primary-color-light)' : undefined,
      }}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <FileButton onChange={choose} resetRef={resetRef}>
        {(props) => (
          <UnstyledButton {...props} w="100%" p="lg" aria-label="Choose a file to upload">
            <Group justify="center" gap="sm">
              <IconUpload size={22} stroke={1.5} />
              <div>
                <Text size="sm" fw={500}>
                  Drop a file here or click to choose one
                </Text>
                <Text size="xs" c="dimmed">
                  At most 5 MB
                </Text>
              </div>
            </Group>
          </UnstyledButton>
        )}
      </FileButton>
    </Paper>
  );
}
