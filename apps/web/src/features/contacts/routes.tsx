import type { RouteObject } from 'react-router';

// Each screen is its own chunk, fetched on navigation (or earlier, on a link's hover: app/route-preload.ts).
const list = () => import('./routes/contacts-list-page');
const create = () => import('./routes/new-contact-page');
const detail = () => import('./routes/contact-detail-page');

/** The contacts screens, mounted by app/router.tsx inside the signed-in shell. */
export const contactRoutes: RouteObject[] = [
  {
    path: '/leads',
    lazy: async () => {
      const { ContactsListPage } = await list();
      return { element: <ContactsListPage key="LEAD" type="LEAD" /> };
    },
  },
  {
    path: '/customers',
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
