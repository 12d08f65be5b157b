import { existsSync } from 'node:fs';
import http from 'node:http';

/**
 * Where the test suite's PostgreSQL, Redis and Kafka come from: throwaway containers started by
 * testcontainers (a contributor with Docker needs nothing else installed), or the local servers and
 * the librdkafka test broker (this machine, CI). `TEST_CONTAINERS=1` asks for containers, `0` for the
 * local ones; unset, containers are used when a Docker engine answers.
 */
export type TestBackendKind = 'containers' | 'local';

export interface DockerEngine {
  available: boolean;
  /** Why not, or where it answered. */
  detail: string;
}

export interface TestBackend {
  kind: TestBackendKind;
  /** One line for the test run's output (and the README's question: which one did `npm test` use?). */
  reason: string;
}

export function chooseTestBackend(env: NodeJS.ProcessEnv, docker: DockerEngine): TestBackend {
  const asked = env.TEST_CONTAINERS?.trim().toLowerCase();
  if (asked === '1' || asked === 'true') {
    if (!docker.available)
      throw new Error(
        `TEST_CONTAINERS=${env.TEST_CONTAINERS} asks for containers, but no Docker engine answers (${docker.detail})`,
      );
    return {
      kind: 'containers',
      reason: `TEST_CONTAINERS=${env.TEST_CONTAINERS}: containers (Docker at ${docker.detail})`,
    };
  }
  if (asked === '0' || asked === 'false')
    return {
      kind: 'local',
      reason: `TEST_CONTAINERS=${env.TEST_CONTAINERS}: local PostgreSQL, Redis and Kafka test broker`,
    };
  if (asked)
    throw new Error(
      `TEST_CONTAINERS must be 1 or 0 (or unset to detect Docker), not ${JSON.stringify(env.TEST_CONTAINERS)}`,
    );
  return docker.available
    ? { kind: 'containers', reason: `Docker engine found (${docker.detail}): containers` }
    : { kind: 'local', reason: `no Docker engine (${docker.detail}): local PostgreSQL, Redis and Kafka test broker` };
}

/** Where the Docker API would be: DOCKER_HOST (unix:// or tcp://), else the default socket. */
export function dockerEndpoint(env: NodeJS.ProcessEnv): { socketPath: string } | { host: string; port: number } {
  const host = env.DOCKER_HOST?.trim();
  if (host?.startsWith('tcp://')) {
    const url = new URL(host.replace(/^tcp:/, 'http:'));
    return { host: url.hostname, port: Number(url.port || 2375) };
  }
  return { socketPath: host?.startsWith('unix://') ? host.slice('unix://'.length) : '/var/run/docker.sock' };
}

/** Asks the engine's `/_ping` (1 s at most): a socket file alone may belong to a stopped daemon. */
export async function probeDocker(env: NodeJS.ProcessEnv = process.env): Promise<DockerEngine> {
  const endpoint = dockerEndpoint(env);
  const where = 'socketPath' in endpoint ? endpoint.socketPath : `${endpoint.host}:${endpoint.port}`;
  if ('socketPath' in endpoint && !existsSync(endpoint.socketPath))
    return { available: false, detail: `${where} does not exist` };
  return new Promise((resolve) => {
    const request = http.get({ ...endpoint, path: '/_ping', timeout: 1_000 }, (response) => {
      response.resume();
      resolve(
        response.statusCode === 200
          ? { available: true, detail: where }
          : { available: false, detail: `${where} answered ${response.statusCode}` },
      );
    });
    request.on('timeout', () => request.destroy(new Error('no answer within 1 s')));
    request.on('error', (error) => resolve({ available: false, detail: `${where}: ${error.message}` }));
  });
}
