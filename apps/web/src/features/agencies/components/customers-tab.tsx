import type { ListQuery } from '@crm/domain';
import { Text } from '@mantine/core';
import { useCallback } from 'react';
import { DataTable } from '../../../components/data-table';
import { EXPORT_COLUMNS, ExportButton } from '../../../components/import-export';
import { agencyScreenMessages as msg } from '../agency-screen-messages';
import { fetchCustomersPage } from '../api/agencies-api';
import { agencyKeys } from '../api/agency-keys';
import type { AgencyCustomer } from '../api/agency-types';
import { customerColumns, customerHref } from './customer-columns';

const CUSTOMER_LIST_HEIGHT = 400;
const getCustomerId = (customer: AgencyCustomer) => customer.id;

/** The agency's contacts, paged from the server like every other list. */
export function CustomersTab({ agencyId }: { agencyId: number }) {
  const fetchPage = useCallback(
    (query: ListQuery, signal: AbortSignal) => fetchCustomersPage(agencyId, query, signal),
    [agencyId],
  );
  return (
    <DataTable
      queryKey={agencyKeys.customers(agencyId)}
      fetchPage={fetchPage}
      columns={customerColumns}
      getRowId={getCustomerId}
      rowHref={customerHref}
      height={CUSTOMER_LIST_HEIGHT}
      searchPlaceholder="Search customers..."
      searchLabel="Search customers"
      loadErrorMessage={msg.loadCustomersFailed}
      emptyState={<Text c="dimmed">{msg.noCustomers}</Text>}
      toolbar={(listParams) => (
        <ExportButton
          list="partner-customers"
          columns={EXPORT_COLUMNS['partner-customers']}
          extraParams={{ agencyId: String(agencyId) }}
          listParams={listParams}
        />
      )}
    />
  );
}
