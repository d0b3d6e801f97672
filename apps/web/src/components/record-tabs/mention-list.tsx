import { Paper, Portal, Stack, Text, UnstyledButton } from '@mantine/core';
import type { MentionSuggestion } from './mention-extension';

/** The users offered after '@', under the caret; click or Enter chooses one. */
export function MentionList({ suggestion }: { suggestion: MentionSuggestion | null }) {
  if (!suggestion?.rect) return null;
  const { rect, items, selected, choose } = suggestion;
  return (
    <Portal>
      <Paper
        shadow="md"
        withBorder
        p={4}
        role="listbox"
        aria-label="Mention a user"
        style={{ position: 'fixed', top: rect.bottom + 4, left: rect.left, zIndex: 1000, minWidth: 200 }}
      >
        {items.length === 0 ? (
          <Text size="sm" c="dimmed" p={4}>
            No matching users
          </Text>
        ) : (
          <Stack gap={0}>
            {items.map((user, index) => (
              <UnstyledButton
                key={user.id}
                role="option"
                aria-selected={index === selected}
                onMouseDown={(event) => {
                  // Keep the editor's focus and selection while choosing.
                  event.preventDefault();
                  choose(user);
                }}
                p={6}
                style={{ borderRadius: 4 }}
                bg={index === selected ? 'var(--mantine-color-blue-light)' : undefined}
              >
                <Text size="sm">{user.name}</Text>
              </UnstyledButton>
            ))}
          </Stack>
        )}
      </Paper>
    </Portal>
  );
}
