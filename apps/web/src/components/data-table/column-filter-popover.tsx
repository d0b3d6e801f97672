import type { ColumnFilter } from '@crm/domain';
import { ActionIcon, Popover } from '@mantine/core';
import { IconFilter, IconFilterFilled } from '@tabler/icons-react';
import { type ComponentType, useState } from 'react';
import type { ColumnFilterFormProps } from './column-filter-form';
import classes from './data-table.module.css';
import type { ColumnFilterConfig } from './types';

interface ColumnFilterPopoverProps {
  header: string;
  config: ColumnFilterConfig;
  value: ColumnFilter | undefined;
  onChange: (filter: ColumnFilter | undefined) => void;
}

let loadedForm: ComponentType<ColumnFilterFormProps> | undefined;
/** The form's chunk, fetched once (on the first hover, focus or click of any filter button). */
function loadForm(): Promise<ComponentType<ColumnFilterFormProps>> {
  return import('./column-filter-form').then((module) => {
    loadedForm = module.ColumnFilterForm;
    return loadedForm;
  });
}

export function ColumnFilterPopover({ header, config, value, onChange }: ColumnFilterPopoverProps) {
  const [opened, setOpened] = useState(false);
  // The popover opens once the form is there, so that its focus trap finds the form's field.
  const [Form, setForm] = useState(() => loadedForm);

  const open = () => {
    if (Form) {
      setOpened(true);
      return;
    }
    void loadForm().then((form) => {
      setForm(() => form);
      setOpened(true);
    });
  };

  const done = (filter: ColumnFilter | undefined) => {
    onChange(filter);
    setOpened(false);
  };

  const FilterIcon = value ? IconFilterFilled : IconFilter;
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" withArrow trapFocus>
      <Popover.Target>
        <ActionIcon
          variant={value ? 'light' : 'subtle'}
          color={value ? undefined : 'gray'}
          size={24}
          className={classes.filterButton}
          aria-label={`Filter ${header}`}
          aria-pressed={value !== undefined}
          onPointerEnter={Form ? undefined : () => void loadForm()}
          onFocus={Form ? undefined : () => void loadForm()}
          onClick={() => (opened ? setOpened(false) : open())}
        >
          <FilterIcon size={14} stroke={1.8} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown aria-label={`Filter ${header}`} role="dialog">
        {Form && <Form header={header} config={config} value={value} onDone={done} />}
      </Popover.Dropdown>
    </Popover>
  );
}
