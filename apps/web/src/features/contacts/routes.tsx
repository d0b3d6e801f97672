import type { RouteObject } from 'react-router';
import { ContactDetailPage } from './routes/contact-detail-page';
import { ContactsListPage } from './routes/contacts-list-page';
import { NewContactPage } from './routes/new-contact-page';

/** The contacts screens, mounted by app/router.tsx inside the signed-in shell. */
export const contactRoutes: RouteObject[] = [
  { path: '/leads', element: <ContactsListPage key="LEAD" type="LEAD" /> },
  { path: '/customers', element: <ContactsListPage key="CUSTOMER" type="CUSTOMER" /> },
  { path: '/new-lead', element: <NewContactPage key="LEAD" type="LEAD" /> },
  { path: '/new-customer', element: <NewContactPage key="CUSTOMER" type="CUSTOMER" /> },
  { path: '/lead/:id', element: <ContactDetailPage type="LEAD" /> },
  { path: '/customer/:id', element: <ContactDetailPage type="CUSTOMER" /> },
];
