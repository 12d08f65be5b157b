import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The Grafana dashboards of deploy/monitoring/dashboards, one per family of services, built here so
 * their panels stay alike and their queries name only metrics the services export (checked by
 * deploy/test/dashboards.test.ts). `npm run dashboards -w deploy` writes them again after a change.
 */

interface Target {
  expr: string;
  legend: string;
}

interface PanelSpec {
  title: string;
  description: string;
  unit: string;
  targets: Target[];
  /** A single figure (stat) instead of a graph over time. */
  stat?: boolean;
}

const DATASOURCE = { type: 'prometheus', uid: '${datasource}' };
const RATE = '$__rate_interval';

function panel(spec: PanelSpec, id: number) {
  const width = spec.stat ? 6 : 12;
  return {
    id,
    type: spec.stat ? 'stat' : 'timeseries',
    title: spec.title,
    description: spec.description,
    datasource: DATASOURCE,
    fieldConfig: { defaults: { unit: spec.unit }, overrides: [] },
    options: spec.stat
      ? { reduceOptions: { calcs: ['lastNotNull'], fields: '', values: false }, colorMode: 'value' }
      : { legend: { displayMode: 'table', placement: 'bottom', calcs: ['lastNotNull', 'max'] } },
    targets: spec.targets.map((t, i) => ({
      datasource: DATASOURCE,
      expr: t.expr,
      legendFormat: t.legend,
      refId: String.fromCharCode(65 + i),
    })),
    gridPos: { h: spec.stat ? 4 : 8, w: width, x: 0, y: 0 },
  };
}

/** Lays panels left to right, two graphs or four figures a row. */
function layout(panels: ReturnType<typeof panel>[]) {
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  for (const p of panels) {
    if (x + p.gridPos.w > 24) {
      x = 0;
      y += rowHeight;
      rowHeight = 0;
    }
    p.gridPos.x = x;
    p.gridPos.y = y;
    x += p.gridPos.w;
    rowHeight = Math.max(rowHeight, p.gridPos.h);
  }
  return panels;
}

function dashboard(uid: string, title: string, description: string, specs: PanelSpec[]) {
  return {
    uid,
    title,
    description,
    tags: ['esim-shop'],
    timezone: 'browser',
    schemaVersion: 39,
    version: 1,
    editable: true,
    refresh: '30s',
    time: { from: 'now-6h', to: 'now' },
    templating: {
      list: [{ name: 'datasource', label: 'Prometheus', type: 'datasource', query: 'prometheus', current: {} }],
    },
    annotations: { list: [] },
    panels: layout(specs.map((spec, i) => panel(spec, i + 1))),
  };
}

/** The request, error, latency and copies panels of one or more services (the http histogram of every service). */
function httpPanels(services: string[]): PanelSpec[] {
  const match = `service=~"${services.join('|')}"`;
  return [
    {
      title: 'Requests per second',
      description: 'Requests served, by service and status class.',
      unit: 'reqps',
      targets: [
        {
          expr: `sum by (service, status_class) (label_replace(rate(http_request_duration_seconds_count{${match}}[${RATE}]), "status_class", "\${1}xx", "status_code", "([0-9]).."))`,
          legend: '{{service}} {{status_class}}',
        },
      ],
    },
    {
      title: '5xx share',
      description: 'Share of requests answered with a 5xx (the High5xxRate alert fires above 5%).',
      unit: 'percentunit',
      targets: [
        {
          expr: `sum by (service) (rate(http_request_duration_seconds_count{${match}, status_code=~"5.."}[${RATE}])) / sum by (service) (rate(http_request_duration_seconds_count{${match}}[${RATE}]))`,
          legend: '{{service}}',
        },
      ],
    },
    {
      title: 'Latency p95 by route',
      description: '95th percentile of request durations, per route pattern.',
      unit: 's',
      targets: [
        {
          expr: `histogram_quantile(0.95, sum by (service, route, le) (rate(http_request_duration_seconds_bucket{${match}}[${RATE}])))`,
          legend: '{{service}} {{route}}',
        },
      ],
    },
    {
      title: 'Busiest routes',
      description: 'The ten routes with the most requests per second.',
      unit: 'reqps',
      targets: [
        {
          expr: `topk(10, sum by (service, method, route) (rate(http_request_duration_seconds_count{${match}}[${RATE}])))`,
          legend: '{{service}} {{method}} {{route}}',
        },
      ],
    },
    {
      title: 'Copies up',
      description: 'Copies Prometheus scrapes and finds answering, per service.',
      unit: 'short',
      targets: [{ expr: `sum by (job) (up{job=~"${services.join('|')}"})`, legend: '{{job}}' }],
    },
    {
      title: 'CPU and event loop',
      description: 'CPU seconds a second per copy, and the 99th percentile of event-loop delay.',
      unit: 's',
      targets: [
        { expr: `rate(process_cpu_seconds_total{${match}}[${RATE}])`, legend: 'cpu {{service}} {{instance}}' },
        { expr: `nodejs_eventloop_lag_p99_seconds{${match}}`, legend: 'loop p99 {{service}} {{instance}}' },
      ],
    },
    {
      title: 'Memory',
      description: 'Resident memory per copy (the pods are limited; see deploy/src/manifests.ts).',
      unit: 'bytes',
      targets: [{ expr: `process_resident_memory_bytes{${match}}`, legend: '{{service}} {{instance}}' }],
    },
  ];
}

export const DASHBOARDS: Record<string, ReturnType<typeof dashboard>> = {
  'gateway.json': dashboard(
    'esim-gateway',
    'eSIM shop: gateway and services',
    'The gateway (every request of the storefront, the back office and partners) and, beside it, every service.',
    [
      ...httpPanels(['gateway']),
      {
        title: 'Requests per second, every service',
        description: 'What each service behind the gateway serves (auth included).',
        unit: 'reqps',
        targets: [
          {
            expr: `sum by (service) (rate(http_request_duration_seconds_count[${RATE}]))`,
            legend: '{{service}}',
          },
        ],
      },
    ],
  ),
  'money.json': dashboard(
    'esim-money',
    'eSIM shop: money (balance)',
    'The ledger service: its requests, holds and card payments, and the hourly ledger check.',
    [
      {
        title: 'Pending holds',
        description: 'Holds placed and neither captured nor voided yet.',
        unit: 'short',
        stat: true,
        targets: [{ expr: 'max(balance_pending_holds)', legend: 'holds' }],
      },
      {
        title: 'Oldest pending hold',
        description: 'A hold pending long is an order whose capture or void never came.',
        unit: 's',
        stat: true,
        targets: [{ expr: 'max(balance_oldest_pending_hold_seconds)', legend: 'oldest' }],
      },
      {
        title: 'Oldest pending card payment',
        description: 'Past CARD_PAYMENT_EXPIRE_MINUTES the poll loop should have settled it (CardPaymentWaiting).',
        unit: 's',
        stat: true,
        targets: [{ expr: 'max(balance_oldest_pending_card_payment_seconds)', legend: 'oldest' }],
      },
      {
        title: 'Ledger check failures',
        description: 'Failed runs of the ledger-verify CronJob still kept (kube-state-metrics); 0 is healthy.',
        unit: 'short',
        stat: true,
        targets: [{ expr: 'sum(kube_job_status_failed{job_name=~"ledger-verify-.*"})', legend: 'failed' }],
      },
      {
        title: 'Card payments of the last hour',
        description:
          'Card payments started in the last hour, by status (CardPaymentsFailing watches failed against paid).',
        unit: 'short',
        targets: [{ expr: 'max by (status) (balance_card_payments_last_hour)', legend: '{{status}}' }],
      },
      {
        title: 'Pending holds over time',
        description: 'How many holds wait for their capture or void.',
        unit: 'short',
        targets: [{ expr: 'max(balance_pending_holds)', legend: 'holds' }],
      },
      ...httpPanels(['balance']),
    ],
  ),
  'esim-suppliers.json': dashboard(
    'esim-suppliers',
    'eSIM shop: eSIM orders and suppliers',
    'The esim service (orders, the pool, installs) and the wholesale suppliers it buys from.',
    [
      {
        title: 'Supplier balance',
        description: 'Balance at each supplier as last read, against the warning level (SupplierBalanceLow).',
        unit: 'currencyEUR',
        targets: [
          { expr: 'max by (supplier) (esim_supplier_balance_cents) / 100', legend: '{{supplier}}' },
          { expr: 'max(esim_supplier_balance_warning_cents) / 100', legend: 'warning level' },
        ],
      },
      {
        title: 'Oldest order waiting at a supplier',
        description: 'An order placed and not yet delivered (SupplierOrdersWaiting past an hour).',
        unit: 's',
        targets: [{ expr: 'max by (supplier) (esim_supplier_oldest_waiting_order_seconds)', legend: '{{supplier}}' }],
      },
      {
        title: 'Catalogue sync failing',
        description: "1 while a supplier's last hourly catalogue sync failed.",
        unit: 'short',
        targets: [{ expr: 'max by (supplier) (esim_supplier_sync_failing)', legend: '{{supplier}}' }],
      },
      ...httpPanels(['esim']),
    ],
  ),
  'catalog-physical-sim.json': dashboard(
    'esim-catalog-physical-sim',
    'eSIM shop: catalog and physical SIMs',
    'The catalog (packages and prices) and the physical-SIM service with its import queue and workers.',
    [
      {
        title: 'Import queue',
        description: 'Import jobs in the BullMQ queue by state.',
        unit: 'short',
        targets: [{ expr: 'max by (state) (import_queue_jobs)', legend: '{{state}}' }],
      },
      {
        title: 'Oldest unfinished import',
        description: 'The oldest import still queued or processing (ImportStuck past 30 minutes).',
        unit: 's',
        targets: [{ expr: 'max(import_oldest_unfinished_seconds)', legend: 'oldest' }],
      },
      {
        title: 'Import jobs per worker',
        description: 'Jobs each live worker finished since it started, by outcome.',
        unit: 'short',
        targets: [{ expr: 'max by (worker, outcome) (import_worker_jobs)', legend: '{{worker}} {{outcome}}' }],
      },
      {
        title: 'Live import workers',
        description: 'Worker processes that reported within the last minute.',
        unit: 'short',
        stat: true,
        targets: [{ expr: 'count(count by (worker) (import_worker_jobs))', legend: 'workers' }],
      },
      ...httpPanels(['catalog', 'physical-sim']),
    ],
  ),
  'events.json': dashboard(
    'esim-events',
    'eSIM shop: events and outboxes',
    'Each service’s outbox, its relay to Kafka, its consumers’ lag, retries and parked events.',
    [
      {
        title: 'Outbox waiting',
        description: 'Events written and not yet handed to Kafka, per service (OutboxBacklogGrowing).',
        unit: 'short',
        targets: [{ expr: 'max by (service) (outbox_waiting_events)', legend: '{{service}}' }],
      },
      {
        title: 'Oldest event waiting',
        description: 'Age of the oldest unpublished outbox event (OutboxEventStuck past 5 minutes).',
        unit: 's',
        targets: [{ expr: 'max by (service) (outbox_oldest_waiting_seconds)', legend: '{{service}}' }],
      },
      {
        title: 'Consumer lag',
        description: 'Events published and not yet processed, summed over each service’s copies (ConsumerLagHigh).',
        unit: 'short',
        targets: [{ expr: 'sum by (service) (events_consumer_lag)', legend: '{{service}}' }],
      },
      {
        title: 'Relayed and handled per second',
        description: 'Outbox rows relayed and events handled per second.',
        unit: 'ops',
        targets: [
          { expr: `sum by (service) (rate(events_relayed_total[${RATE}]))`, legend: 'relayed {{service}}' },
          { expr: `sum by (service) (rate(events_handled_total[${RATE}]))`, legend: 'handled {{service}}' },
        ],
      },
      {
        title: 'Retries, relay errors, duplicates',
        description: 'Handler failures retried, failed relay passes, redeliveries the inbox skipped.',
        unit: 'ops',
        targets: [
          { expr: `sum by (service) (rate(events_retries_total[${RATE}]))`, legend: 'retries {{service}}' },
          { expr: `sum by (service) (rate(events_relay_errors_total[${RATE}]))`, legend: 'relay errors {{service}}' },
          { expr: `sum by (service) (rate(events_duplicates_total[${RATE}]))`, legend: 'duplicates {{service}}' },
        ],
      },
      {
        title: 'Parked events',
        description: 'Events parked after their last attempt and not yet resolved (EventsParked).',
        unit: 'short',
        targets: [{ expr: 'max by (service) (parked_events_unresolved)', legend: '{{service}}' }],
      },
    ],
  ),
};

export const DASHBOARDS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../monitoring/dashboards');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [file, board] of Object.entries(DASHBOARDS)) {
    writeFileSync(path.join(DASHBOARDS_DIR, file), `${JSON.stringify(board, null, 2)}\n`);
    console.log(`wrote deploy/monitoring/dashboards/${file}`);
  }
}
