import { isIsoDate, TASK_PRIORITIES, TASK_TITLE_MAX, type TaskPriority, taskMessages } from '@crm/domain';
import { Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../lib/api-error';
import { useFocusFirstError } from '../../lib/focus-first-error';
import { foldedOptionsFilter } from '../../lib/folded-options-filter';
import { useCurrentUser } from '../../lib/session-context';
import { DATE_UNREADABLE, DateInput } from '../date-input';
import { RichTextField } from '../record-tabs/rich-text-field';
import type { NewTask, TaskRecord } from './task-types';
import { useActiveUsers, useCreateTask } from './use-tasks';

interface TaskFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The contact or partner the task belongs to; none for a task of one's own. */
  record?: TaskRecord;
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
  // The due day as typed (dd.mm.yyyy, read to YYYY-MM-DD; '' for no date) and its local time (HH:mm).
  const [dueDate, setDueDate] = useState('');
  const [dueTime, setDueTime] = useState('09:00');
  const [priority, setPriority] = useState<TaskPriority>('normal');
  const [assignee, setAssignee] = useState<string>(String(me.id));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { ref, focusFirstError } = useFocusFirstError<HTMLDivElement>();

  const save = async () => {
    const problems = {
      ...(title.trim() ? {} : { title: taskMessages.titleRequired }),
      ...(dueDate === '' || isIsoDate(dueDate) ? {} : { dueAt: DATE_UNREADABLE }),
    };
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      focusFirstError();
      return;
    }
    const task: NewTask = {
      title: title.trim(),
      description,
      dueAt: dueDate ? new Date(`${dueDate}T${dueTime || '09:00'}`).toISOString() : null,
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
      {/* The day typed as the other forms take dates (a browser's own date-time field follows its
          language: in English 08.12 is typed into the month); the time is a time field. */}
      <Group grow align="flex-start">
        <DateInput
          label="Due"
          description="Leave empty for no date"
          clearable
          value={dueDate}
          onChange={(value) => {
            setDueDate(value);
            setErrors(({ dueAt: _fixed, ...rest }) => rest);
          }}
          error={errors.dueAt}
          popoverProps={{ withinPortal: true }}
        />
        <TextInput
          type="time"
          label="Time"
          description="Local time"
          value={dueTime}
          disabled={!isIsoDate(dueDate)}
          onChange={(event) => setDueTime(event.currentTarget.value)}
        />
      </Group>
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
