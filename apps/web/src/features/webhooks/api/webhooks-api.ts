import type { Webhook } from '@crm/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiJson } from '../../../lib/api-client';

export type { Webhook } from '@crm/domain';

export interface WebhookDelivery {
  id: number;
  eventId: number;
  event: string;
  record: { kind: string; id: number };
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
}

export const webhookKeys = {
  all: ['webhooks'] as const,
  deliveries: (id: number) => ['webhooks', id, 'deliveries'] as const,
};

export const useWebhooks = () =>
  useQuery({
    queryKey: webhookKeys.all,
    queryFn: ({ signal }) => apiJson<Webhook[]>('/webhooks', { signal }),
  });

/** The log refreshes every few seconds while open: retries land on their own. */
export const useDeliveries = (id: number) =>
  useQuery({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ signal }) => apiJson<WebhookDelivery[]>(`/webhooks/${id}/deliveries`, { signal }),
    refetchInterval: 5000,
  });

function useInvalidating<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export const useCreateWebhook = () =>
  useInvalidating((body: { url: string; events: string[] }) =>
    apiJson<Webhook & { secret: string }>('/webhooks', { method: 'POST', body }),
  );

export const useUpdateWebhook = () =>
  useInvalidating(({ id, ...body }: { id: number; isActive?: boolean }) =>
    apiJson<Webhook>(`/webhooks/${id}`, { method: 'PATCH', body }),
  );

export const useDeleteWebhook = () =>
  useInvalidating(async (id: number) => {
    await apiFetch(`/webhooks/${id}`, { method: 'DELETE' });
  });

export const useRedeliver = () =>
  useInvalidating(({ id, deliveryId }: { id: number; deliveryId: number }) =>
    apiJson<{ id: number }>(`/webhooks/${id}/deliveries/${deliveryId}/redeliver`, { method: 'POST' }),
  );
