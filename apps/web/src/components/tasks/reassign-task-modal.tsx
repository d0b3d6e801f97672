import { Button, Group, Modal, Select } from '@mantine/core';
import { useEffect, useState } from 'react';
import { foldedOptionsFilter } from '../../lib/folded-options-filter';
import type { Task } from './task-types';
import { useActiveUsers } from './use-tasks';

interface ReassignTaskModalProps {
  task: Task | null;
  onClose: () => void;
  onReassign: (task: Task, assigneeId: number) => void;
}

export function ReassignTaskModal({ task, onClose, onReassign }: ReassignTaskModalProps) {
  const users = useActiveUsers(task !== null);
  const [assignee, setAssignee] = useState<string | null>(null);
  useEffect(() => setAssignee(task ? String(task.assignee.id) : null), [task]);
  return (
    <Modal opened={task !== null} onClose={onClose} title="Reassign task" centered>
      <Select
        label="Assignee"
        searchable
        filter={foldedOptionsFilter}
        data={(users.data ?? []).map((user) => ({ value: String(user.id), label: user.name }))}
        value={assignee}
        onChange={setAssignee}
      />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={!assignee || !task}
          onClick={() => {
            if (task && assignee) onReassign(task, Number(assignee));
            onClose();
          }}
        >
          Reassign
        </Button>
      </Group>
    </Modal>
  );
}
