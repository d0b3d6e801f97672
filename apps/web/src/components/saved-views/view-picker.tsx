import type { ViewList } from '@crm/domain';
import { ActionIcon, Button, Group, Menu, Text } from '@mantine/core';
import { IconBookmark, IconChevronDown, IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { lazy, useState } from 'react';
import { errorMessage } from '../../lib/api-error';
import { toast } from '../../lib/toast';
import { paramsOfView, viewStateOf } from '../data-table/list-params';
import { MountWhenOpened } from '../mount-when-opened';
import { type SavedView, useDeleteView, useSavedViews, useSaveView } from './views-api';

// Fetched on the first "Save current view…": lists open without the dialog's code.
const SaveViewModal = lazy(async () => ({ default: (await import('./save-view-modal')).SaveViewModal }));

interface ViewPickerProps {
  list: ViewList;
  params: URLSearchParams;
  onApply: (params: URLSearchParams) => void;
}

/** The list header's saved views: pick one (own or shared), save the current list as a view. */
export function ViewPicker({ list, params, onApply }: ViewPickerProps) {
  const views = useSavedViews(list);
  const save = useSaveView(list);
  const remove = useDeleteView(list);
  const [saving, setSaving] = useState(false);
  const currentId = Number(params.get('view')) || null;
  const current = views.data?.find((view) => view.id === currentId);
  const mine = views.data?.filter((view) => view.mine) ?? [];
  const shared = views.data?.filter((view) => !view.mine) ?? [];

  const item = (view: SavedView) => (
    <Menu.Item
      key={view.id}
      onClick={() => onApply(paramsOfView(view.id, view.state))}
      rightSection={
        view.mine ? (
          <ActionIcon
            component="span"
            size="sm"
            variant="subtle"
            color="gray"
            aria-label={`Delete view ${view.name}`}
            onClick={(event) => {
              event.stopPropagation();
              remove.mutate(view.id, {
                onError: (error) => toast.error(errorMessage(error, 'Could not delete the view')),
              });
            }}
          >
            <IconTrash size={14} />
          </ActionIcon>
        ) : undefined
      }
    >
      <Text size="sm">{view.name}</Text>
      {!view.mine && (
        <Text size="xs" c="dimmed">
          {view.owner.name}
        </Text>
      )}
      {view.mine && view.shared && (
        <Text size="xs" c="dimmed">
          Shared
        </Text>
      )}
    </Menu.Item>
  );

  return (
    <Group gap={4}>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconBookmark size={16} />}
            rightSection={<IconChevronDown size={14} />}
          >
            {current ? current.name : 'Views'}
          </Button>
        </Menu.Target>
        <Menu.Dropdown miw={240}>
          <Menu.Label>My views</Menu.Label>
          {mine.length === 0 && <Menu.Item disabled>No saved views yet</Menu.Item>}
          {mine.map(item)}
          {shared.length > 0 && <Menu.Label>Shared with everyone</Menu.Label>}
          {shared.map(item)}
          <Menu.Divider />
          <Menu.Item leftSection={<IconDeviceFloppy size={16} />} onClick={() => setSaving(true)}>
            Save current view…
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <MountWhenOpened opened={saving}>
        <SaveViewModal
          opened={saving}
          saving={save.isPending}
          onClose={() => setSaving(false)}
          onSave={async ({ name, shared: isShared }) => {
            const view = await save.mutateAsync({ name, shared: isShared, state: viewStateOf(params) });
            toast.success(`View "${view.name}" saved`);
            onApply(paramsOfView(view.id, view.state));
          }}
        />
      </MountWhenOpened>
    </Group>
  );
}
