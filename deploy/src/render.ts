import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { DEFAULT_OPTIONS, plain, renderManifests, type Manifest, type RenderOptions } from './manifests';

/**
 * `npm run deploy:render`: writes deploy/out/1-setup.yaml (namespace, settings, external services,
 * Kafka topics, this release's migration Job) and deploy/out/2-rollout.yaml (the processes, their
 * Services, autoscalers, disruption budgets, the ledger check, monitoring), each object validated
 * against the Kubernetes schemas first. Settings come from the environment (docs/operations.md):
 *   DEPLOY_IMAGE=registry/esim-shop:1.4.0 DEPLOY_RELEASE=1.4.0 npm run deploy:render
 */

export function optionsFromEnv(env: NodeJS.ProcessEnv): Partial<RenderOptions> {
  const number = (name: string) => (env[name] ? Number(env[name]) : undefined);
  const options: Partial<RenderOptions> = {
    image: env.DEPLOY_IMAGE,
    namespace: env.DEPLOY_NAMESPACE,
    release: env.DEPLOY_RELEASE,
    appMode: env.DEPLOY_APP_MODE === 'demo' ? 'demo' : undefined,
    publicBaseUrl: env.DEPLOY_PUBLIC_BASE_URL,
    postgresHost: env.DEPLOY_POSTGRES_HOST,
    redisHost: env.DEPLOY_REDIS_HOST,
    kafkaBootstrapHost: env.DEPLOY_KAFKA_BOOTSTRAP_HOST,
    kafkaCluster: env.DEPLOY_KAFKA_CLUSTER,
    topicPartitions: number('DEPLOY_TOPIC_PARTITIONS'),
    topicReplicas: number('DEPLOY_TOPIC_REPLICAS'),
    requestsPerSecondMetric: env.DEPLOY_RPS_METRIC === 'off' ? false : undefined,
    monitoring: env.DEPLOY_MONITORING === 'off' ? false : undefined,
  };
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}

function toYaml(manifests: Manifest[]): string {
  return manifests
    .map((manifest) => {
      if ('validate' in manifest) manifest.validate();
      return stringify(plain(manifest), { lineWidth: 0 });
    })
    .join('---\n');
}

export function renderToDirectory(dir: string, options: Partial<RenderOptions>): string[] {
  const rendered = renderManifests(options);
  mkdirSync(dir, { recursive: true });
  const files = [
    ['1-setup.yaml', rendered.setup],
    ['2-rollout.yaml', rendered.rollout],
  ] as const;
  return files.map(([name, manifests]) => {
    const file = path.join(dir, name);
    writeFileSync(file, toYaml([...manifests]));
    return file;
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../out');
  const options = optionsFromEnv(process.env);
  for (const file of renderToDirectory(dir, options)) console.log(`wrote ${path.relative(process.cwd(), file)}`);
  const { image, release } = { ...DEFAULT_OPTIONS, ...options };
  console.log(`image ${image}, release ${release}`);
}
