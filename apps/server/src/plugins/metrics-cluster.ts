import cluster from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';

export const CLUSTER_METRICS_REQUEST = 'crm:metrics-request';
export const CLUSTER_METRICS_RESPONSE = 'crm:metrics-response';

/**
 * In the main process: answers a server process's request for the metrics of all of them (prom-client
 * asks each process for its registry and sums them).
 */
export function answerMetricsRequests(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: string }) => {
    if (message?.type !== CLUSTER_METRICS_REQUEST) return;
    aggregator.clusterMetrics().then(
      (metrics) => worker.send({ type: CLUSTER_METRICS_RESPONSE, id: message.id, metrics }),
      (error: unknown) =>
        worker.send({ type: CLUSTER_METRICS_RESPONSE, id: message.id, error: String(error) }),
    );
  });
}
