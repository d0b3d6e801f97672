import { TASK_PRIORITIES, TASK_TITLE_MAX, type TaskPriority, taskMessages } from '@crm/domain';
import { Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../lib/api-error';
import { useFocusFirstError } from '../../lib/focus-first-error';
import { foldedOptionsFilter } from '../../lib/folded-options-filter';
import { useCurrentUser } from '../../lib/session-context';
import { RichTextField } from '../record-tabs/rich-text-field';
import type { NewTask } from './task-types';
import { useActiveUsers, useCreateTask } from './use-tasks';

interface TaskFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The contact or partner the task belongs to; none for a task of one's own. */
  record?: { contactId: number } | { agencyId: number };
}

/** New task: title, description, due date and time, priority and assignee (the creator by default). */
export function TaskFormModal({ opened, onClose, record }: TaskFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="New task" size="lg" centered closeOnClickOutside={false}>
      {opened && <TaskForm onClose={onClose} record={record} />}
    </Modal>
  );
}

function TaskForm({ onClose, record }: Omit<TaskFormModalProps, 'opened'>) {
  const me = useCurrentUser();
  const users = useActiveUsers(true);
  const create = useCreateTask();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  // The browser's local date and time (YYYY-MM-DDTHH:mm), '' for no date.
  const [due, setDue] = useState('');
  const [priority, setPriority] = useState<TaskPriority>('normal');
  const [assignee, setAssignee] = useState<string>(String(me.id));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { ref, focusFirstError } = useFocusFirstError<HTMLDivElement>();

  const save = async () => {
    if (!title.trim()) {
      setErrors({ title: taskMessages.titleRequired });
      focusFirstError();
      return;
    }
    const task: NewTask = {
      title: title.trim(),
      description,
      dueAt: due ? new Date(due).toISOString() : null,
      priority,
      assigneeId: Number(assignee),
      ...record,
    };
    try {
      await create.mutateAsync(task);
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors({ ...error.fields, form: error.message });
        focusFirstError();
      }
    }
  };

  const options = (users.data ?? []).map((user) => ({ value: String(user.id), label: user.name }));
  if (!options.some((option) => option.value === String(me.id))) {
    options.unshift({ value: String(me.id), label: me.name });
  }
  return (
    <Stack ref={ref}>
      <TextInput
        label="Title"
        required
        maxLength={TASK_TITLE_MAX}
        value={title}
        onChange={(event) => setTitle(event.currentTarget.value)}
        error={errors.title}
        data-autofocus
      />
      <div>
        <Text size="sm" fw={500} mb={4}>
          Description
        </Text>
        <RichTextField ariaLabel="Description" initialValue="" onChange={setDescription} />
      </div>
      <TextInput
        type="datetime-local"
        label="Due"
        description="Leave empty for no date"
        value={due}
        onChange={(event) => setDue(event.currentTarget.value)}
        error={errors.dueAt}
      />
      <div>
        <Text size="sm" fw={500} mb={4}>
          Priority
        </Text>
        <SegmentedControl
          aria-label="Priority"
          value={priority}
          onChange={(value) => setPriority(value as TaskPriority)}
          data={TASK_PRIORITIES.map((value) => ({
            value,
            label: value.charAt(0).toUpperCase() + value.slice(1),
          }))}
        />
      </div>
      <Select
        label="Assignee"
        searchable
        filter={foldedOptionsFilter}
        data={options}
        value={assignee}
        onChange={(value) => setAssignee(value ?? String(me.id))}
        error={errors.assigneeId}
      />
      {errors.form && !errors.title && (
        <Text c="red" size="sm">
          {errors.form}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={save} loading={create.isPending}>
          Create task
        </Button>
      </Group>
    </Stack>
  );
}
