import { formatMoney, toMinor } from '@crm/domain';

/** An amount the deals API answers in pounds, written as every screen writes money: "£1,234.50". */
export const formatDealMoney = (amount: number, currency: string): string =>
  formatMoney(toMinor(amount), currency);
