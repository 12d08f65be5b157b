import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVENT_TOPICS } from '@esim/contracts';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { CronJob, Job } from 'kubernetes-models/batch/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, Service, type IContainer, type IEnvVar, type IPodSpec } from 'kubernetes-models/v1';
import { parse } from 'yaml';
import { nodeArgs, SERVICES, type ServiceEntry } from '../../infra/src/services';

/**
 * The shop on Kubernetes as typed objects of kubernetes-models, whose `validate()` checks each
 * against the Kubernetes OpenAPI schemas; `render.ts` writes them as YAML for `kubectl apply`.
 * PostgreSQL, Redis and Kafka live outside the namespace (managed services, or the Strimzi operator for Kafka).
 */

const DEPLOY_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MONITORING_DIR = path.join(DEPLOY_DIR, 'monitoring');

/** The one Secret every process reads its credentials from; created by the operator, never rendered. */
export const SECRET_NAME = 'esim-secrets';
export const CONFIG_NAME = 'esim-config';
/** Pods metric of the HPAs, served by prometheus-adapter from `http_request_duration_seconds_count` (docs/operations.md). */
export const RPS_METRIC = 'http_requests_per_second';
export const PART_OF = 'esim-shop';

export interface RenderOptions {
  /** The image built from infra/docker/Dockerfile, with its tag (every process runs it). */
  image: string;
  namespace: string;
  /** Names the migration Job, so each release migrates once before its rollout. */
  release: string;
  appMode: 'demo' | 'production';
  publicBaseUrl: string;
  /** Where PostgreSQL, Redis and Kafka's bootstrap really are (ExternalName targets). */
  postgresHost: string;
  redisHost: string;
  kafkaBootstrapHost: string;
  /** The Strimzi `Kafka` resource the topics belong to. */
  kafkaCluster: string;
  topicPartitions: number;
  topicReplicas: number;
  /** Off where no prometheus-adapter serves the Pods metric: an HPA missing a metric never scales down. */
  requestsPerSecondMetric: boolean;
  /** Objects of the Prometheus operator and Grafana's sidecar (PodMonitor, PrometheusRule, dashboards). */
  monitoring: boolean;
}

export const DEFAULT_OPTIONS: RenderOptions = {
  image: 'esim-shop:latest',
  namespace: 'esim',
  release: 'latest',
  appMode: 'production',
  publicBaseUrl: 'https://shop.example.com',
  postgresHost: 'postgres.database.svc.cluster.local',
  redisHost: 'redis.cache.svc.cluster.local',
  kafkaBootstrapHost: 'esim-kafka-kafka-bootstrap.kafka.svc.cluster.local',
  kafkaCluster: 'esim-kafka',
  topicPartitions: 6,
  topicReplicas: 3,
  requestsPerSecondMetric: true,
  monitoring: true,
};

/** How a process is sized and scaled. */
interface Sizing {
  cpu: string;
  memory: string;
  memoryLimit: string;
  minReplicas: number;
  maxReplicas: number;
  /** Requests a second one copy takes before the HPA adds another. */
  requestsPerSecond?: number;
}

const SIZING: Record<ServiceEntry['name'] | 'physical-sim-worker', Sizing> = {
  gateway: {
    cpu: '250m',
    // Its young generation alone may take 192 MB (three 64 MB semi-spaces: infra/src/services.ts).
    memory: '384Mi',
    memoryLimit: '512Mi',
    minReplicas: 2,
    maxReplicas: 10,
    requestsPerSecond: 200,
  },
  auth: { cpu: '250m', memory: '256Mi', memoryLimit: '512Mi', minReplicas: 2, maxReplicas: 6, requestsPerSecond: 50 },
  catalog: {
    cpu: '250m',
    memory: '256Mi',
    memoryLimit: '512Mi',
    minReplicas: 2,
    maxReplicas: 8,
    requestsPerSecond: 200,
  },
  balance: {
    cpu: '250m',
    memory: '256Mi',
    memoryLimit: '512Mi',
    minReplicas: 2,
    maxReplicas: 8,
    requestsPerSecond: 100,
  },
  esim: { cpu: '250m', memory: '256Mi', memoryLimit: '512Mi', minReplicas: 2, maxReplicas: 8, requestsPerSecond: 100 },
  'physical-sim': {
    cpu: '250m',
    memory: '256Mi',
    memoryLimit: '512Mi',
    minReplicas: 2,
    maxReplicas: 6,
    requestsPerSecond: 100,
  },
  // An xlsx of 200,000 rows is read whole: the worker gets room for it.
  'physical-sim-worker': { cpu: '500m', memory: '512Mi', memoryLimit: '1536Mi', minReplicas: 1, maxReplicas: 4 },
};

/** Credentials a process reads from the Secret (optional ones may be left out of it). */
const COMMON_SECRETS = ['DATABASE_URL', 'REDIS_URL', 'INTERNAL_SERVICE_TOKEN'];
const SECRETS: Record<string, { required: string[]; optional: string[] }> = {
  gateway: { required: COMMON_SECRETS, optional: [] },
  auth: {
    required: [...COMMON_SECRETS, 'AUTH_SIGNING_KEYS', 'SMTP_URL'],
    optional: [
      'PARASUT_CLIENT_ID',
      'PARASUT_CLIENT_SECRET',
      'PARASUT_USERNAME',
      'PARASUT_PASSWORD',
      'PARASUT_COMPANY_ID',
    ],
  },
  catalog: { required: COMMON_SECRETS, optional: [] },
  balance: { required: COMMON_SECRETS, optional: ['IYZICO_API_KEY', 'IYZICO_SECRET_KEY'] },
  esim: {
    required: [...COMMON_SECRETS, 'ESIM_WEBHOOK_SECRET'],
    optional: ['AIRALO_CLIENT_ID', 'AIRALO_CLIENT_SECRET', 'ESIMACCESS_ACCESS_CODE', 'ESIMACCESS_SECRET_KEY'],
  },
  'physical-sim': { required: [...COMMON_SECRETS, 'PHYSICAL_SIM_WEBHOOK_SECRET'], optional: [] },
  migrate: { required: COMMON_SECRETS, optional: [] },
};

/** Every secret name the rendered objects read, for docs/operations.md's `kubectl create secret` line. */
export const SECRET_KEYS = [...new Set(Object.values(SECRETS).flatMap((s) => [...s.required, ...s.optional]))];

const secretEnv = (names: { required: string[]; optional: string[] }): IEnvVar[] => [
  ...names.required.map((name) => ({ name, valueFrom: { secretKeyRef: { name: SECRET_NAME, key: name } } })),
  ...names.optional.map((name) => ({
    name,
    valueFrom: { secretKeyRef: { name: SECRET_NAME, key: name, optional: true } },
  })),
];

const labelsOf = (component: string) => ({
  'app.kubernetes.io/name': component,
  'app.kubernetes.io/part-of': PART_OF,
});

/** Non-secret settings every process reads (packages/platform/src/config.ts and the services' own). */
function configMap(o: RenderOptions): ConfigMap {
  const urls = Object.fromEntries(
    SERVICES.filter((s) => s.urlVar).map((s) => [s.urlVar!, `http://${s.name}:${s.port}`]),
  );
  return new ConfigMap({
    metadata: { name: CONFIG_NAME, namespace: o.namespace, labels: { 'app.kubernetes.io/part-of': PART_OF } },
    data: {
      APP_MODE: o.appMode,
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      LOG_LEVEL: 'info',
      REDIS_PREFIX: 'esim:',
      KAFKA_BROKERS: 'kafka:9092',
      AUTH_JWKS_URL: 'http://auth:8081/.well-known/jwks.json',
      // Pods reach each other on the cluster's private addresses; only they carry the internal credential.
      TRUSTED_GATEWAYS: 'uniquelocal',
      // The ingress controller's pods forward the client's address.
      TRUSTED_PROXIES: 'uniquelocal',
      PUBLIC_BASE_URL: o.publicBaseUrl,
      // Production issues real e-Arşiv invoices and takes cards on iyzico's live API (never its sandbox).
      ...(o.appMode === 'production'
        ? { INVOICE_PROVIDER: 'parasut', IYZICO_BASE_URL: 'https://api.iyzipay.com' }
        : {}),
      ...urls,
    },
  });
}

/** PostgreSQL, Redis and Kafka under the names the settings use, pointing at wherever they run. */
function externalServices(o: RenderOptions): Service[] {
  const external = [
    { name: 'postgres', host: o.postgresHost, port: 5432 },
    { name: 'redis', host: o.redisHost, port: 6379 },
    { name: 'kafka', host: o.kafkaBootstrapHost, port: 9092 },
  ];
  return external.map(
    ({ name, host, port }) =>
      new Service({
        metadata: { name, namespace: o.namespace, labels: { 'app.kubernetes.io/part-of': PART_OF } },
        spec: { type: 'ExternalName', externalName: host, ports: [{ name, port, targetPort: port }] },
      }),
  );
}

/** Pod settings every process shares: non-root, read-only code, writable /tmp (tsx's cache) and .data. */
function podSpec(container: IContainer, restartPolicy: 'Always' | 'Never' | 'OnFailure'): IPodSpec {
  return {
    restartPolicy,
    securityContext: { runAsNonRoot: true, runAsUser: 1000, runAsGroup: 1000, fsGroup: 1000 },
    // A pod taken out of the Service still finishes the requests it holds before it is stopped.
    terminationGracePeriodSeconds: 40,
    containers: [
      {
        ...container,
        securityContext: {
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ['ALL'] },
        },
        volumeMounts: [
          { name: 'tmp', mountPath: '/tmp' },
          { name: 'data', mountPath: '/app/.data' },
        ],
      },
    ],
    volumes: [
      { name: 'tmp', emptyDir: {} },
      { name: 'data', emptyDir: {} },
    ],
  };
}

function resources(size: Sizing) {
  return { requests: { cpu: size.cpu, memory: size.memory }, limits: { memory: size.memoryLimit } };
}

interface Component {
  name: string;
  command: string[];
  secrets: { required: string[]; optional: string[] };
  sizing: Sizing;
  /** Listens on a port (services, gateway); the worker listens on none. */
  port?: number;
}

function components(): Component[] {
  const list: Component[] = [];
  for (const service of SERVICES) {
    const dir = path.relative(path.join(DEPLOY_DIR, '..'), service.dir);
    list.push({
      name: service.name,
      command: ['node', ...nodeArgs([`${dir}/src/server.ts`], service.nodeFlags)],
      secrets: SECRETS[service.name]!,
      sizing: SIZING[service.name],
      port: service.port,
    });
    if (service.worker)
      list.push({
        name: `${service.name}-worker`,
        command: ['node', ...nodeArgs([`${dir}/${service.worker}`])],
        secrets: SECRETS[service.name]!,
        sizing: SIZING['physical-sim-worker'],
      });
  }
  return list;
}

function container(c: Component, o: RenderOptions): IContainer {
  const http = c.port
    ? {
        ports: [{ name: 'http', containerPort: c.port }],
        // Ready once PostgreSQL and Redis answer (its /ready); alive while the process answers at all.
        readinessProbe: { httpGet: { path: '/ready', port: 'http' }, periodSeconds: 5, failureThreshold: 3 },
        livenessProbe: { httpGet: { path: '/health', port: 'http' }, periodSeconds: 10, failureThreshold: 6 },
        // tsx compiles on the first start: up to a minute before liveness counts.
        startupProbe: { httpGet: { path: '/health', port: 'http' }, periodSeconds: 2, failureThreshold: 30 },
        // The endpoint is removed from the Service before the process is told to stop.
        lifecycle: { preStop: { exec: { command: ['sleep', '5'] } } },
      }
    : {};
  return {
    name: c.name,
    image: o.image,
    command: c.command,
    envFrom: [{ configMapRef: { name: CONFIG_NAME } }],
    env: [...(c.port ? [{ name: 'PORT', value: String(c.port) }] : []), ...secretEnv(c.secrets)],
    resources: resources(c.sizing),
    ...http,
  };
}

function deployment(c: Component, o: RenderOptions): Deployment {
  const labels = labelsOf(c.name);
  return new Deployment({
    metadata: { name: c.name, namespace: o.namespace, labels },
    spec: {
      // No replicas: the HPA owns the count, and an apply must not reset it.
      selector: { matchLabels: labels },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
      revisionHistoryLimit: 10,
      template: {
        metadata: { labels: { ...labels, 'app.kubernetes.io/version': o.release } },
        spec: {
          ...podSpec(container(c, o), 'Always'),
          // Copies spread over nodes, so one node lost is never every copy.
          topologySpreadConstraints: [
            {
              maxSkew: 1,
              topologyKey: 'kubernetes.io/hostname',
              whenUnsatisfiable: 'ScheduleAnyway',
              labelSelector: { matchLabels: labels },
            },
          ],
        },
      },
    },
  });
}

function service(c: Component & { port: number }, o: RenderOptions): Service {
  return new Service({
    metadata: { name: c.name, namespace: o.namespace, labels: labelsOf(c.name) },
    spec: {
      type: 'ClusterIP',
      selector: labelsOf(c.name),
      ports: [{ name: 'http', port: c.port, targetPort: 'http' }],
    },
  });
}

function autoscaler(c: Component, o: RenderOptions): HorizontalPodAutoscaler {
  const rps = o.requestsPerSecondMetric && c.sizing.requestsPerSecond;
  return new HorizontalPodAutoscaler({
    metadata: { name: c.name, namespace: o.namespace, labels: labelsOf(c.name) },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: c.name },
      minReplicas: c.sizing.minReplicas,
      maxReplicas: c.sizing.maxReplicas,
      metrics: [
        { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } },
        ...(rps
          ? [
              {
                type: 'Pods' as const,
                pods: {
                  metric: { name: RPS_METRIC },
                  target: { type: 'AverageValue' as const, averageValue: String(c.sizing.requestsPerSecond) },
                },
              },
            ]
          : []),
      ],
      // Scale down slowly: a burst that comes back should find the copies still there.
      behavior: { scaleDown: { stabilizationWindowSeconds: 300 } },
    },
  });
}

function disruptionBudget(c: Component, o: RenderOptions): PodDisruptionBudget {
  return new PodDisruptionBudget({
    metadata: { name: c.name, namespace: o.namespace, labels: labelsOf(c.name) },
    spec: { maxUnavailable: 1, selector: { matchLabels: labelsOf(c.name) } },
  });
}

function migrationJob(o: RenderOptions): Job {
  const labels = labelsOf('migrate');
  const migrate: Component = {
    name: 'migrate',
    command: ['node', ...nodeArgs(['infra/src/migrate.ts', ...(o.appMode === 'demo' ? ['--seed'] : [])])],
    secrets: SECRETS.migrate!,
    sizing: { cpu: '250m', memory: '256Mi', memoryLimit: '512Mi', minReplicas: 1, maxReplicas: 1 },
  };
  return new Job({
    metadata: { name: `migrate-${o.release}`, namespace: o.namespace, labels },
    spec: {
      backoffLimit: 2,
      activeDeadlineSeconds: 1800,
      ttlSecondsAfterFinished: 7 * 24 * 3600,
      template: { metadata: { labels }, spec: podSpec(container(migrate, o), 'Never') },
    },
  });
}

/** `npm run ledger:verify` hourly; its Job's failure is what the LedgerCheckFailing alert sees (kube-state-metrics). */
function ledgerCheck(o: RenderOptions): CronJob {
  const labels = labelsOf('ledger-verify');
  const verify: Component = {
    name: 'ledger-verify',
    command: ['node', ...nodeArgs(['services/balance/src/cli/verify-ledger.ts'])],
    secrets: SECRETS.balance!,
    sizing: { cpu: '100m', memory: '256Mi', memoryLimit: '512Mi', minReplicas: 1, maxReplicas: 1 },
  };
  return new CronJob({
    metadata: { name: 'ledger-verify', namespace: o.namespace, labels },
    spec: {
      schedule: '17 * * * *',
      concurrencyPolicy: 'Forbid',
      successfulJobsHistoryLimit: 3,
      failedJobsHistoryLimit: 3,
      jobTemplate: {
        spec: {
          backoffLimit: 0,
          activeDeadlineSeconds: 1800,
          template: { metadata: { labels }, spec: podSpec(container(verify, o), 'Never') },
        },
      },
    },
  });
}

/** A custom resource kubernetes-models has no model of (Strimzi, the Prometheus operator). */
export interface CustomObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace: string; labels?: Record<string, string> };
  spec: Record<string, unknown>;
}

/** One Strimzi KafkaTopic per event topic (the contracts' EVENT_TOPICS), as infra/src/kafka-topics.ts makes them. */
function kafkaTopics(o: RenderOptions): CustomObject[] {
  return EVENT_TOPICS.map((topic) => ({
    apiVersion: 'kafka.strimzi.io/v1beta2',
    kind: 'KafkaTopic',
    metadata: {
      name: topic.replaceAll('.', '-'),
      namespace: o.namespace,
      labels: { 'strimzi.io/cluster': o.kafkaCluster, 'app.kubernetes.io/part-of': PART_OF },
    },
    spec: {
      topicName: topic,
      partitions: o.topicPartitions,
      replicas: o.topicReplicas,
      config: { 'min.insync.replicas': Math.min(2, o.topicReplicas) },
    },
  }));
}

/** Prometheus operator objects: every copy scraped with the internal token, and the alert rules of monitoring/alerts.yml. */
function monitoring(o: RenderOptions): Array<CustomObject | ConfigMap> {
  const podMonitor: CustomObject = {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'PodMonitor',
    metadata: { name: 'esim', namespace: o.namespace, labels: { 'app.kubernetes.io/part-of': PART_OF } },
    spec: {
      // job="<component>", as docker-compose's Prometheus names it, so the alerts and dashboards serve both.
      jobLabel: 'app.kubernetes.io/name',
      selector: { matchLabels: { 'app.kubernetes.io/part-of': PART_OF } },
      podMetricsEndpoints: [
        {
          port: 'http',
          path: '/metrics',
          interval: '15s',
          authorization: { type: 'Bearer', credentials: { name: SECRET_NAME, key: 'INTERNAL_SERVICE_TOKEN' } },
        },
      ],
    },
  };
  const rules = parse(readFileSync(path.join(MONITORING_DIR, 'alerts.yml'), 'utf8')) as { groups: unknown[] };
  const prometheusRule: CustomObject = {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'PrometheusRule',
    metadata: { name: 'esim', namespace: o.namespace, labels: { 'app.kubernetes.io/part-of': PART_OF } },
    spec: { groups: rules.groups },
  };
  return [podMonitor, prometheusRule, dashboardsConfigMap(o)];
}

/** The dashboards for Grafana's sidecar, which loads every ConfigMap labelled grafana_dashboard. */
function dashboardsConfigMap(o: RenderOptions): ConfigMap {
  const dir = path.join(MONITORING_DIR, 'dashboards');
  return new ConfigMap({
    metadata: {
      name: 'esim-dashboards',
      namespace: o.namespace,
      labels: { grafana_dashboard: '1', 'app.kubernetes.io/part-of': PART_OF },
    },
    data: Object.fromEntries(DASHBOARD_FILES.map((file) => [file, readFileSync(path.join(dir, file), 'utf8')])),
  });
}

export const DASHBOARD_FILES = [
  'gateway.json',
  'money.json',
  'esim-suppliers.json',
  'catalog-physical-sim.json',
  'events.json',
];

export type Manifest = { toJSON(): unknown; validate(): void } | CustomObject;

export interface Rendered {
  /** Applied first: namespace, settings, external services, topics and this release's migration Job. */
  setup: Manifest[];
  /** Applied once the migration Job has completed: the processes and what scales and guards them. */
  rollout: Manifest[];
}

/** Every object of one release. */
export function renderManifests(options: Partial<RenderOptions> = {}): Rendered {
  const o = { ...DEFAULT_OPTIONS, ...options };
  const namespace = new Namespace({
    metadata: { name: o.namespace, labels: { 'app.kubernetes.io/part-of': PART_OF } },
  });
  const rollout: Manifest[] = [];
  for (const c of components()) {
    rollout.push(deployment(c, o));
    if (c.port) rollout.push(service({ ...c, port: c.port }, o));
    rollout.push(autoscaler(c, o), disruptionBudget(c, o));
  }
  rollout.push(ledgerCheck(o));
  if (o.monitoring) rollout.push(...monitoring(o));
  return {
    setup: [namespace, configMap(o), ...externalServices(o), ...kafkaTopics(o), migrationJob(o)],
    rollout,
  };
}

/** A plain object (kubernetes-models' own, or a custom resource as it is). */
export function plain(manifest: Manifest): Record<string, unknown> {
  return JSON.parse(JSON.stringify('toJSON' in manifest ? manifest.toJSON() : manifest)) as Record<string, unknown>;
}
