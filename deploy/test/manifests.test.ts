import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVENT_TOPICS } from '@esim/contracts';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { SERVICES } from '../../infra/src/services';
import {
  CONFIG_NAME,
  PART_OF,
  plain,
  renderManifests,
  RPS_METRIC,
  SECRET_KEYS,
  SECRET_NAME,
  type Manifest,
} from '../src/manifests';
import { optionsFromEnv, renderToDirectory } from '../src/render';

/* eslint-disable @typescript-eslint/no-explicit-any -- rendered objects are read as plain JSON */
type Obj = any;

const rendered = renderManifests();
const manifests: Manifest[] = [...rendered.setup, ...rendered.rollout];
const objects: Obj[] = manifests.map(plain);
const ofKind = (kind: string) => objects.filter((o) => o.kind === kind);
const named = (kind: string, name: string) => ofKind(kind).find((o) => o.metadata.name === name);

/** Every process that runs as a Deployment: the services, the gateway and the import worker. */
const PROCESSES = SERVICES.flatMap((s) => [s.name, ...(s.worker ? [`${s.name}-worker`] : [])]);
const HTTP = new Map(SERVICES.map((s) => [s.name, s.port]));

describe('Kubernetes manifests (deploy/src/manifests.ts)', () => {
  it('validate every object against the Kubernetes OpenAPI schemas (kubernetes-models)', () => {
    const models = manifests.filter((m) => 'validate' in m);
    expect(models.length).toBeGreaterThan(30);
    for (const model of models)
      expect(() => model.validate(), JSON.stringify(plain(model)).slice(0, 120)).not.toThrow();
    for (const object of objects) {
      expect(object.apiVersion, object.kind).toMatch(/^[a-z0-9.]+\/v[0-9a-z]+$|^v1$/);
      expect(object.metadata.name).toMatch(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/);
      if (object.kind !== 'Namespace') expect(object.metadata.namespace, object.metadata.name).toBe('esim');
    }
  });

  it('run a Deployment per service and for the import worker, with probes, resources, an HPA and a PDB', () => {
    expect(
      ofKind('Deployment')
        .map((d) => d.metadata.name)
        .sort(),
    ).toEqual([...PROCESSES].sort());
    for (const name of PROCESSES) {
      const deployment = named('Deployment', name);
      const pod = deployment.spec.template.spec;
      const [container] = pod.containers;
      expect(deployment.spec.selector.matchLabels).toEqual({
        'app.kubernetes.io/name': name,
        'app.kubernetes.io/part-of': PART_OF,
      });
      expect(deployment.spec.template.metadata.labels).toMatchObject(deployment.spec.selector.matchLabels);
      expect(deployment.spec.replicas, `${name}: the HPA owns the count`).toBeUndefined();
      expect(container.resources.requests.cpu, name).toBeTruthy();
      expect(container.resources.requests.memory, name).toBeTruthy();
      expect(container.resources.limits.memory, name).toBeTruthy();
      expect(container.envFrom).toEqual([{ configMapRef: { name: CONFIG_NAME } }]);
      expect(pod.securityContext.runAsNonRoot).toBe(true);
      // Started as `npm start` starts it: its V8 flags from infra's service list before the entry point.
      const service = SERVICES.find((s) => s.name === name);
      if (service)
        expect(container.command.slice(0, -1)).toEqual(['node', ...(service.nodeFlags ?? []), '--import', 'tsx']);

      const port = HTTP.get(name as never);
      if (port) {
        expect(container.readinessProbe.httpGet, name).toEqual({ path: '/ready', port: 'http' });
        expect(container.livenessProbe.httpGet, name).toEqual({ path: '/health', port: 'http' });
        expect(container.ports).toEqual([{ name: 'http', containerPort: port }]);
        expect(container.env).toContainEqual({ name: 'PORT', value: String(port) });
        // Internal calls go through the Service, so any copy serves any copy.
        const service = named('Service', name);
        expect(service.spec.selector).toEqual(deployment.spec.selector.matchLabels);
        expect(service.spec.ports).toEqual([{ name: 'http', port, targetPort: 'http' }]);
      } else {
        // The import worker listens on no port: the kubelet restarts it when its process exits.
        expect(container.ports, name).toBeUndefined();
        expect(named('Service', name), name).toBeUndefined();
      }

      const hpa = named('HorizontalPodAutoscaler', name);
      expect(hpa.apiVersion).toBe('autoscaling/v2');
      expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(port ? 2 : 1);
      expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
      const metrics = hpa.spec.metrics.map((m: Obj) => m.resource?.name ?? m.pods?.metric.name);
      expect(metrics, name).toEqual(port ? ['cpu', RPS_METRIC] : ['cpu']);

      const pdb = named('PodDisruptionBudget', name);
      expect(pdb.apiVersion).toBe('policy/v1');
      expect(pdb.spec.selector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
      expect(pdb.spec.maxUnavailable).toBe(1);
    }
  });

  it('point every service URL of the ConfigMap at a Service on its port', () => {
    const config = named('ConfigMap', CONFIG_NAME).data;
    for (const s of SERVICES.filter((entry) => entry.urlVar)) {
      expect(config[s.urlVar!]).toBe(`http://${s.name}:${s.port}`);
      expect(named('Service', s.name).spec.ports[0].port).toBe(s.port);
    }
    expect(config.KAFKA_BROKERS).toBe('kafka:9092');
    expect(config.APP_MODE).toBe('production');
  });

  it('read credentials from the Secret by name only, and render no Secret', () => {
    expect(ofKind('Secret')).toEqual([]);
    const text = JSON.stringify(objects);
    for (const object of objects.filter((o) => o.kind === 'ConfigMap' && o.metadata.name === CONFIG_NAME))
      for (const key of SECRET_KEYS) expect(object.data, key).not.toHaveProperty(key);
    const containers = objects.flatMap((o) => {
      const pod = o.spec?.template?.spec ?? o.spec?.jobTemplate?.spec?.template?.spec;
      return pod ? pod.containers : [];
    });
    expect(containers.length).toBeGreaterThan(PROCESSES.length);
    for (const container of containers)
      for (const env of container.env ?? []) {
        if (SECRET_KEYS.includes(env.name)) {
          expect(env.value, env.name).toBeUndefined();
          expect(env.valueFrom.secretKeyRef).toMatchObject({ name: SECRET_NAME, key: env.name });
        }
      }
    expect(text).not.toMatch(/demo-[a-z-]*-change-me/);
  });

  it('migrate in a Job named by the release, applied before the rollout', () => {
    const job = plain(renderManifests({ release: '1.4.0' }).setup.find((m) => plain(m).kind === 'Job')!) as Obj;
    expect(job.metadata.name).toBe('migrate-1.4.0');
    expect(job.spec.template.spec.restartPolicy).toBe('Never');
    expect(job.spec.template.spec.containers[0].command).toEqual(['node', '--import', 'tsx', 'infra/src/migrate.ts']);
    expect(rendered.rollout.map(plain).some((o) => o.kind === 'Job')).toBe(false);
    expect(rendered.setup.map(plain).some((o) => o.kind === 'Deployment')).toBe(false);
  });

  it('declare every event topic as a Strimzi KafkaTopic', () => {
    const topics = ofKind('KafkaTopic');
    expect(topics.map((t) => t.spec.topicName).sort()).toEqual([...EVENT_TOPICS].sort());
    for (const topic of topics) {
      expect(topic.apiVersion).toBe('kafka.strimzi.io/v1beta2');
      expect(topic.metadata.labels['strimzi.io/cluster']).toBe('esim-kafka');
      expect(topic.spec).toMatchObject({ partitions: 6, replicas: 3 });
    }
  });

  it('reach PostgreSQL, Redis and Kafka as external services', () => {
    for (const name of ['postgres', 'redis', 'kafka']) expect(named('Service', name).spec.type).toBe('ExternalName');
    const custom: Obj[] = renderManifests({
      postgresHost: 'db.internal',
      kafkaBootstrapHost: 'kafka.internal',
    }).setup.map(plain);
    expect(custom.find((o) => o.metadata.name === 'postgres')?.spec).toMatchObject({ externalName: 'db.internal' });
    expect(custom.find((o) => o.metadata.name === 'kafka')?.spec).toMatchObject({ externalName: 'kafka.internal' });
  });

  it('leave the requests-per-second metric out where no adapter serves it', () => {
    const options = optionsFromEnv({ DEPLOY_RPS_METRIC: 'off', DEPLOY_IMAGE: 'registry.local/esim-shop:2' });
    const hpas = renderManifests(options)
      .rollout.map(plain)
      .filter((o) => o.kind === 'HorizontalPodAutoscaler') as Obj[];
    expect(hpas).toHaveLength(PROCESSES.length);
    for (const hpa of hpas) expect(hpa.spec.metrics.map((m: Obj) => m.type)).toEqual(['Resource']);
  });

  it('scrape every copy with the internal token, and carry the alert rules and dashboards', () => {
    const podMonitor = named('PodMonitor', 'esim');
    expect(podMonitor.spec.podMetricsEndpoints[0]).toMatchObject({ port: 'http', path: '/metrics' });
    expect(podMonitor.spec.podMetricsEndpoints[0].authorization.credentials).toEqual({
      name: SECRET_NAME,
      key: 'INTERNAL_SERVICE_TOKEN',
    });
    expect(named('PrometheusRule', 'esim').spec.groups.length).toBeGreaterThan(3);
    expect(Object.keys(named('ConfigMap', 'esim-dashboards').data)).toHaveLength(5);
  });

  it('are written as YAML by npm run deploy:render', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'deploy-'));
    try {
      const files = renderToDirectory(dir, optionsFromEnv({ DEPLOY_IMAGE: 'registry.local/esim-shop:2' }));
      expect(files.map((f) => path.basename(f))).toEqual(['1-setup.yaml', '2-rollout.yaml']);
      const docs = files.flatMap((f) => parseAllDocuments(readFileSync(f, 'utf8')).map((d) => d.toJS() as Obj));
      expect(docs).toHaveLength(objects.length);
      const images = docs.filter((d) => d.kind === 'Deployment').map((d) => d.spec.template.spec.containers[0].image);
      expect(new Set(images)).toEqual(new Set(['registry.local/esim-shop:2']));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('are described in docs/operations.md, which names every secret key', () => {
    const docs = readFileSync(fileURLToPath(new URL('../../docs/operations.md', import.meta.url)), 'utf8');
    for (const key of SECRET_KEYS) expect(docs, key).toContain(key);
    expect(docs).toContain(RPS_METRIC);
  });
});
