import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-keys';
import { useLoggedFailure } from './use-logged-failure';

/** Of GET /api/deal-reports/pipeline and /forecast, what the deal cards show (amounts in pounds). */
interface Pipeline {
  currency: string;
  stages: { count: number; amount: number; weightedAmount: number }[];
}
interface Forecast {
  currency: string;
  months: { weightedAmount: number }[];
}

export interface DealFigures {
  currency: string;
  openCount: number;
  openAmount: number;
  openWeighted: number;
  /** The weighted amounts of the open deals expected to close this month and the 5 after it. */
  forecast: number;
}

const sum = (values: number[]) => Math.round(values.reduce((total, value) => total + value, 0) * 100) / 100;

async function fetchDealFigures(signal: AbortSignal): Promise<DealFigures> {
  const [pipeline, forecast] = await Promise.all([
    apiJson<Pipeline>('/deal-reports/pipeline', { signal }),
    apiJson<Forecast>('/deal-reports/forecast', { signal }),
  ]);
  return {
    currency: pipeline.currency,
    openCount: pipeline.stages.reduce((total, stage) => total + stage.count, 0),
    openAmount: sum(pipeline.stages.map((stage) => stage.amount)),
    openWeighted: sum(pipeline.stages.map((stage) => stage.weightedAmount)),
    forecast: sum(forecast.months.map((month) => month.weightedAmount)),
  };
}

/** The deal cards' figures (the caller's deals: a plain user's own), refreshed by deal events. */
export function useDealFigures() {
  const query = useQuery({
    queryKey: dashboardKeys.dealFigure('pipeline-and-forecast'),
    queryFn: ({ signal }) => fetchDealFigures(signal),
    staleTime: 0,
  });
  useLoggedFailure('deal figures', query.error);
  return query;
}
