import { Title } from '@mantine/core';

/** Placeholder until the screen is built; replaced by its own implementation. */
export function DealsListPage() {
  return <Title order={2}>Deals</Title>;
}
