import { useQuery } from '@tanstack/react-query';
import { apiFetch, apiJson } from '../../../lib/api-client';
import { dealKeys } from '../api/deal-keys';

/** The answers of GET /api/deal-reports/*: amounts in major units (pounds), as the deals API gives them. */
export interface PipelineReport {
  currency: string;
  stages: {
    stageId: number;
    name: string;
    probability: number;
    count: number;
    amount: number;
    weightedAmount: number;
  }[];
}
export interface ForecastReport {
  currency: string;
  months: { month: string; weightedAmount: number }[];
}
export interface WonVsForecastReport {
  currency: string;
  months: { month: string; won: number; forecast: number }[];
}
export interface WinRateReport {
  from: string;
  to: string;
  won: number;
  lost: number;
  winRate: number | null;
  medianDaysToWin: number | null;
}
export interface LossReasonsReport {
  currency: string;
  reasons: { lostReasonId: number | null; name: string; count: number; amount: number }[];
}
export interface RevenueByPartnerReport {
  from: string;
  to: string;
  currency: string;
  partners: { agencyId: number | null; name: string; count: number; amount: number }[];
  /** The partners past the top 20, as one line. */
  otherPartners: { partners: number; count: number; amount: number } | null;
}
export interface RevenueByOwnerReport {
  from: string;
  to: string;
  currency: string;
  owners: { ownerId: number; name: string; count: number; amount: number }[];
}
export interface CommissionReport {
  from: string;
  to: string;
  currency: string;
  rows: {
    agencyId: number;
    name: string;
    month: string;
    count: number;
    amountWon: number;
    commissionRate: number;
    commission: number;
  }[];
  /** The partners past the 20 owed the most, as one line (the CSV has every row). */
  otherPartners: { partners: number; amountWon: number; commission: number } | null;
  total: number;
}

interface Reports {
  pipeline: PipelineReport;
  forecast: ForecastReport;
  'won-vs-forecast': WonVsForecastReport;
  'win-rate': WinRateReport;
  'loss-reasons': LossReasonsReport;
  'revenue-by-partner': RevenueByPartnerReport;
  'revenue-by-owner': RevenueByOwnerReport;
  commission: CommissionReport;
}
export type ReportName = keyof Reports;

/**
 * One report, under the deals' key root: any change to a deal (a move on the board, a live event)
 * refreshes it. The dashboard's deal cards read the same keys, so the two share one answer.
 */
export function useDealReport<N extends ReportName>(name: N) {
  return useQuery({
    queryKey: [...dealKeys.all, 'report', name] as const,
    queryFn: ({ signal }) => apiJson<Reports[N]>(`/deal-reports/${name}`, { signal }),
    staleTime: 30_000,
  });
}

/** The commission report as the CSV the server writes (formula-like cells made harmless there). */
export function fetchCommissionCsv(): Promise<Response> {
  return apiFetch('/deal-reports/commission.csv');
}
