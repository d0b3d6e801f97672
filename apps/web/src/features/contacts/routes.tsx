import type { ContactType } from '@crm/domain';
import type { RouteObject } from 'react-router';
import { listRouteLoader } from '../../components/data-table/list-route-loader';
import { contactKeys } from './api/contact-keys';
import { fetchContactsPage } from './api/fetch-contacts-page';

// Each screen is its own chunk, fetched on navigation (or earlier, on a link's hover: app/route-preload.ts).
const list = () => import('./routes/contacts-list-page');
const create = () => import('./routes/new-contact-page');
const detail = () => import('./routes/contact-detail-page');
// The first page of rows is asked for beside the list's code (see listRouteLoader).
const firstPage = (type: ContactType) =>
  listRouteLoader(() => ({ queryKey: contactKeys.list(type), fetchPage: fetchContactsPage(type) }));

/** The contacts screens, mounted by app/router.tsx inside the signed-in shell. */
export const contactRoutes: RouteObject[] = [
  {
    path: '/leads',
    loader: firstPage('LEAD'),
    lazy: async () => {
      const { ContactsListPage } = await list();
      return { element: <ContactsListPage key="LEAD" type="LEAD" /> };
    },
  },
  {
    path: '/customers',
    loader: firstPage('CUSTOMER'),
    lazy: async () => {
      const { ContactsListPage } = await list();
      return { element: <ContactsListPage key="CUSTOMER" type="CUSTOMER" /> };
    },
  },
  {
    path: '/new-lead',
    lazy: async () => {
      const { NewContactPage } = await create();
      return { element: <NewContactPage key="LEAD" type="LEAD" /> };
    },
  },
  {
    path: '/new-customer',
    lazy: async () => {
      const { NewContactPage } = await create();
      return { element: <NewContactPage key="CUSTOMER" type="CUSTOMER" /> };
    },
  },
  {
    path: '/lead/:id',
    lazy: async () => {
      const { ContactDetailPage } = await detail();
      return { element: <ContactDetailPage type="LEAD" /> };
    },
  },
  {
    path: '/customer/:id',
    lazy: async () => {
      const { ContactDetailPage } = await detail();
      return { element: <ContactDetailPage type="CUSTOMER" /> };
    },
  },
];
