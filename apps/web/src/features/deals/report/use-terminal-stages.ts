import { useDealStages } from '../api/use-deal-stages';

/** The ids of the Won and Lost stages (each exists once), which the report's links filter by. */
export function useTerminalStages(): { won: number | undefined; lost: number | undefined } {
  const { data } = useDealStages();
  return {
    won: data?.find((stage) => stage.kind === 'won')?.id,
    lost: data?.find((stage) => stage.kind === 'lost')?.id,
  };
}
