import { Badge, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ColumnFilterConfig, DataTableColumn } from '../../../components/data-table';
import { formatDateTime } from '../../../lib/format';
import type { AgencyCustomer } from '../api/agency-types';
import classes from './customers.module.css';
import { formatOfficeNumber } from './office-number-links';

const TEXT_FILTER: ColumnFilterConfig = { defaultMode: 'containsIgnoreCase' };

const plain = (value: string | null | undefined) => (
  <Text size="sm" truncate="end">
    {value || '-'}
  </Text>
);

/** 002 §2: a row of the Customers tab opens /customer/{contactId}. */
export function customerHref(customer: Pick<AgencyCustomer, 'id'>): string {
  return `/customer/${customer.id}`;
}

/** 002 §2 Customers tab: agency, name, surname, email, type, phone, created; a row opens the contact. */
export const customerColumns: DataTableColumn<AgencyCustomer>[] = [
  {
    key: 'agency',
    header: 'Agency',
    width: 'minmax(120px, 1fr)',
    sortable: true,
    filter: TEXT_FILTER,
    render: (customer) => plain(customer.agency?.name),
  },
  {
    key: 'name',
    header: 'Name',
    width: 'minmax(100px, 1fr)',
    sortable: true,
    filter: TEXT_FILTER,
    render: (customer) => (
      <Text
        component={Link}
        to={customerHref(customer)}
        className={classes.rowLink}
        size="sm"
        fw={600}
        truncate="end"
      >
        {customer.name}
      </Text>
    ),
  },
  {
    key: 'surname',
    header: 'Surname',
    width: 'minmax(100px, 1fr)',
    render: (customer) => plain(customer.surname),
  },
  {
    key: 'email',
    header: 'Email',
    width: 'minmax(150px, 1.3fr)',
    sortable: true,
    filter: TEXT_FILTER,
    render: (customer) => plain(customer.email),
  },
  {
    key: 'type',
    header: 'Type',
    width: '130px',
    render: (customer) => (
      <Badge variant="light" color={customer.type === 'CUSTOMER' ? 'teal' : 'orange'}>
        {customer.type}
      </Badge>
    ),
  },
  {
    key: 'phone',
    header: 'Phone',
    width: 'minmax(150px, 1fr)',
    sortable: true,
    filter: TEXT_FILTER,
    render: (customer) => plain(formatOfficeNumber(customer.phone)),
  },
  {
    key: 'createdAt',
    header: 'Created At',
    width: 'minmax(150px, 1fr)',
    sortable: true,
    render: (customer) => plain(formatDateTime(customer.createdAt)),
  },
];
