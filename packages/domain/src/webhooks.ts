/**
 * What a webhook can report: one event kind per thing an admin may want another system to hear of.
 * The server derives them from the history a write records, so they say exactly what the screens'
 * history says.
 */
export const WEBHOOK_EVENT_KINDS = [
  'contact.created',
  'contact.updated',
  'contact.converted',
  'contact.deactivated',
  'partner.created',
  'partner.updated',
  'note.added',
  'task.done',
  'deal.stage_changed',
  'deal.won',
  'deal.lost',
] as const;
export type WebhookEventKind = (typeof WEBHOOK_EVENT_KINDS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventKind, string> = {
  'contact.created': 'A contact is created',
  'contact.updated': 'A contact is updated',
  'contact.converted': 'A lead is converted to a customer',
  'contact.deactivated': 'A contact is deactivated',
  'partner.created': 'A partner is created',
  'partner.updated': 'A partner is changed',
  'note.added': 'A note is added',
  'task.done': 'A task is done',
  'deal.stage_changed': 'A deal moves to another stage',
  'deal.won': 'A deal is won',
  'deal.lost': 'A deal is lost',
};

export const webhookMessages = {
  notFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
  urlInvalid: 'Enter a valid https:// URL',
  urlCredentials: 'The URL must not contain a user name or password',
  urlRefused: 'This address is not allowed: it is loopback, private, link-local or reserved',
  urlUnresolved: 'This host name does not resolve',
  eventsRequired: 'Pick at least one event',
} as const;

/** An endpoint as GET /api/webhooks answers it (its secret is answered once, when it is made). */
export interface Webhook {
  id: number;
  url: string;
  events: WebhookEventKind[];
  isActive: boolean;
  disabledReason: string | null;
  failingEvents: number;
  createdAt: string;
  updatedAt: string;
}
