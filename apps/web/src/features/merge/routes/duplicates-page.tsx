import {
  Anchor,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatCountOf } from '../../../lib/format';
import { useDuplicateGroups } from '../api/duplicate-groups-api';
import type { MergeKind } from '../api/merge-api';

const RULES: { value: string; label: string; kind: MergeKind; rule: string }[] = [
  { value: 'contacts-name', label: 'Contacts: name', kind: 'contacts', rule: 'name' },
  { value: 'contacts-email', label: 'Contacts: e-mail', kind: 'contacts', rule: 'email' },
  { value: 'contacts-phone', label: 'Contacts: phone', kind: 'contacts', rule: 'phone' },
  { value: 'agencies-email', label: 'Partners: e-mail', kind: 'agencies', rule: 'email' },
  {
    value: 'agencies-officeNumber',
    label: 'Partners: office number',
    kind: 'agencies',
    rule: 'officeNumber',
  },
];

const memberPath = (kind: MergeKind, member: { id: number; type: string | null }) =>
  kind === 'agencies'
    ? `/agency/${member.id}`
    : `/${member.type === 'CUSTOMER' ? 'customer' : 'lead'}/${member.id}`;

/** /duplicates (admins): groups of likely duplicates across the database, each opening a merge. */
export function DuplicatesPage() {
  const [selected, setSelected] = useState(RULES[0]?.value ?? '');
  const current = RULES.find((rule) => rule.value === selected) ?? RULES[0]!;
  const query = useDuplicateGroups(current.kind, current.rule);
  const groups = query.data?.pages.flatMap((page) => page.groups) ?? [];

  return (
    <Stack gap="lg">
      <Title order={1}>Duplicates</Title>
      <SegmentedControl value={selected} onChange={setSelected} data={RULES} />
      {query.isPending && (
        <Center h={200}>
          <Loader aria-label="Loading duplicates" />
        </Center>
      )}
      {query.isError && <Text c="red">Failed to load duplicates</Text>}
      {!query.isPending && groups.length === 0 && <Text c="dimmed">No duplicates found</Text>}
      {groups.map((group) => {
        const [first, second] = group.members;
        return (
          <Card
            key={group.value}
            withBorder
            radius="md"
            padding="md"
            aria-label={`Duplicate group ${group.value}`}
          >
            <Group justify="space-between" align="flex-start">
              <Stack gap={2}>
                <Text fw={600}>
                  {group.value} · {formatCountOf(group.count, 'record')}
                </Text>
                {group.members.map((member) => (
                  <Text key={member.id} size="sm">
                    <Anchor component={Link} to={memberPath(current.kind, member)}>
                      {member.name}
                    </Anchor>{' '}
                    <Text span c="dimmed" size="sm">
                      #{member.id} · {member.email ?? 'no e-mail'} · +{member.phone}
                    </Text>
                  </Text>
                ))}
              </Stack>
              {first && second && (
                <Button component={Link} to={`/merge/${current.kind}/${first.id}/${second.id}`} size="xs">
                  Merge
                </Button>
              )}
            </Group>
          </Card>
        );
      })}
      {query.hasNextPage && (
        <Button variant="default" onClick={() => query.fetchNextPage()} loading={query.isFetchingNextPage}>
          Load more
        </Button>
      )}
    </Stack>
  );
}
