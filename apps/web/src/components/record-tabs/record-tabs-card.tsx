import { Card, Tabs } from '@mantine/core';
import type { ReactNode } from 'react';

export interface RecordTab {
  value: string;
  label: string;
  icon: ReactNode;
  panel: ReactNode;
}

/** The tabbed card under a record's details (contacts and partners); the first tab opens first. */
export function RecordTabsCard({ tabs }: { tabs: readonly RecordTab[] }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Tabs defaultValue={tabs[0]?.value} keepMounted={false}>
        <Tabs.List mb="md">
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} leftSection={tab.icon}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value}>
            {tab.panel}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Card>
  );
}
