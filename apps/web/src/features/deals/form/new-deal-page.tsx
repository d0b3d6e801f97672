import { Title } from '@mantine/core';

/** Placeholder until the screen is built; replaced by its own implementation. */
export function NewDealPage() {
  return <Title order={2}>New deal</Title>;
}
