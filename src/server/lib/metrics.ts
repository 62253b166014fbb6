import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The app's Prometheus metrics, in a registry of its own (each app built in a test gets a fresh one):
 * requests by route pattern and status, their latency, background job runs and failures, payments
 * settled, the database pool and Node's own process metrics.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelsOf = <const T extends string[]>(...names: T) => ({ registers: [registry], labelNames: names });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requisições HTTP respondidas',
    ...labelsOf('method', 'route', 'status'),
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Tempo de resposta das requisições HTTP',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    ...labelsOf('method', 'route', 'status'),
  });
  const jobRuns = new Counter({ name: 'job_runs_total', help: 'Execuções de tarefas em segundo plano', ...labelsOf('job') });
  const jobFailures = new Counter({
    name: 'job_failures_total',
    help: 'Execuções de tarefas em segundo plano que falharam',
    ...labelsOf('job'),
  });
  const pushesEnded = new Counter({
    name: 'push_outbox_ended_total',
    help: 'Pushes que saíram da fila sem entrega: assinatura encerrada (gone), recusados (refused) ou após 24 h de tentativas (stale)',
    ...labelsOf('reason'),
  });
  const paymentsSettled = new Counter({
    name: 'payments_settled_total',
    help: 'Pagamentos liquidados',
    ...labelsOf('provider', 'outcome'),
  });

  // The children of each method, route pattern and status, bound once: labelling a sample costs a lookup, not a hash of the labels.
  const requestSeries = new Map<string, { count: ReturnType<typeof requests.labels>; time: ReturnType<typeof latency.labels> }>();

  return {
    registry,
    observeRequest(labels: { method: string; route: string; status: number }, seconds: number) {
      const key = `${labels.method} ${labels.status} ${labels.route}`;
      let series = requestSeries.get(key);
      if (!series) {
        const values = { ...labels, status: String(labels.status) };
        series = { count: requests.labels(values), time: latency.labels(values) };
        requestSeries.set(key, series);
      }
      series.count.inc();
      series.time.observe(seconds);
    },
    /** Wraps a background task so each run, and each failure (rethrown), is counted. */
    job(name: string, task: () => Promise<unknown>): () => Promise<unknown> {
      return async () => {
        jobRuns.inc({ job: name });
        try {
          return await task();
        } catch (error) {
          jobFailures.inc({ job: name });
          throw error;
        }
      };
    },
    pushEnded(reason: 'gone' | 'refused' | 'stale') {
      pushesEnded.inc({ reason });
    },
    paymentSettled(provider: string, outcome: string) {
      paymentsSettled.inc({ provider, outcome });
    },
    /** Gauges read at scrape time, e.g. the database pool's connections (or, awaited, a count from the database). */
    gauge(name: string, help: string, read: () => number | Promise<number>) {
      new Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          this.set(await read());
        },
      });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
