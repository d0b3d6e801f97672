import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { BoardFilters } from './board-api';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const ID = /^[1-9]\d{0,9}$/;

/** Which URL parameter holds each filter: a filtered board can be bookmarked and shared. */
const PARAM = {
  ownerId: 'owner',
  agencyId: 'partner',
  productId: 'product',
  closeMonth: 'closeMonth',
  mine: 'mine',
} as const;

/** The board's filters, read from and written to the URL (anything malformed is read as "any"). */
export function useBoardFilters() {
  const [params, setParams] = useSearchParams();
  const owner = params.get(PARAM.ownerId) ?? '';
  const partner = params.get(PARAM.agencyId) ?? '';
  const product = params.get(PARAM.productId) ?? '';
  const month = params.get(PARAM.closeMonth) ?? '';
  const mine = params.get(PARAM.mine) === 'true';
  const filters = useMemo<BoardFilters>(
    () => ({
      ownerId: ID.test(owner) ? owner : '',
      agencyId: ID.test(partner) ? partner : '',
      productId: ID.test(product) ? product : '',
      closeMonth: MONTH.test(month) ? month : '',
      mine,
    }),
    [owner, partner, product, month, mine],
  );

  const setFilter = useCallback(
    <K extends keyof BoardFilters>(key: K, value: BoardFilters[K]) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === '' || value === false) next.delete(PARAM[key]);
          else next.set(PARAM[key], value === true ? 'true' : String(value));
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const clear = useCallback(() => setParams(new URLSearchParams(), { replace: true }), [setParams]);
  const active = Boolean(
    filters.ownerId || filters.agencyId || filters.productId || filters.closeMonth || filters.mine,
  );
  return { filters, setFilter, clear, active };
}
