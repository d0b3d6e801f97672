import { Title } from '@mantine/core';

/** Placeholder until the screen is built; replaced by its own implementation. */
export function DealsReportPage() {
  return <Title order={2}>Deals report</Title>;
}
