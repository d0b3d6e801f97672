import { Checkbox, Group, Radio, Stack } from '@mantine/core';
import type { ImportMode, ImportSettings, MatchKey } from '../api/import-types';

interface RunOptionsProps {
  settings: ImportSettings;
  onChange: (settings: ImportSettings) => void;
  disabled?: boolean;
}

/** What the import does with each row, how it finds existing records, and what it does with errors. */
export function RunOptions({ settings, onChange, disabled }: RunOptionsProps) {
  return (
    <Stack gap="sm">
      <Radio.Group
        label="Rows"
        value={settings.mode}
        onChange={(mode) => onChange({ ...settings, mode: mode as ImportMode })}
      >
        <Group mt={4}>
          <Radio value="create" label="Create new only" disabled={disabled} />
          <Radio value="upsert" label="Create new and update existing" disabled={disabled} />
          <Radio value="update" label="Update existing only" disabled={disabled} />
        </Group>
      </Radio.Group>
      <Radio.Group
        label="Find existing records by"
        value={settings.key}
        onChange={(key) => onChange({ ...settings, key: key as MatchKey })}
      >
        <Group mt={4}>
          <Radio value="email" label="E-mail" disabled={disabled} />
          <Radio value="phone" label="Phone" disabled={disabled} />
          <Radio value="both" label="E-mail and phone" disabled={disabled} />
        </Group>
      </Radio.Group>
      <Checkbox
        label="Skip rows with errors"
        checked={settings.skipErrors}
        onChange={(event) => onChange({ ...settings, skipErrors: event.currentTarget.checked })}
        disabled={disabled}
      />
    </Stack>
  );
}
