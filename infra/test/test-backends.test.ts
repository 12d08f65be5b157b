import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseTestBackend, dockerEndpoint, probeDocker } from '../src/testing/backends';

/** Which servers the test run uses: containers where a Docker engine answers, the local ones otherwise. */
const docker = { available: true, detail: '/var/run/docker.sock' };
const noDocker = { available: false, detail: '/var/run/docker.sock does not exist' };

describe('chooseTestBackend', () => {
  it('uses containers when a Docker engine answers and nothing is asked, the local servers when none does', () => {
    expect(chooseTestBackend({}, docker)).toEqual({
      kind: 'containers',
      reason: 'Docker engine found (/var/run/docker.sock): containers',
    });
    expect(chooseTestBackend({}, noDocker)).toEqual({
      kind: 'local',
      reason: 'no Docker engine (/var/run/docker.sock does not exist): local PostgreSQL, Redis and Kafka test broker',
    });
  });

  it('follows TEST_CONTAINERS, and refuses containers without an engine instead of falling back silently', () => {
    expect(chooseTestBackend({ TEST_CONTAINERS: '1' }, docker).kind).toBe('containers');
    expect(chooseTestBackend({ TEST_CONTAINERS: 'true' }, docker).kind).toBe('containers');
    expect(chooseTestBackend({ TEST_CONTAINERS: '0' }, docker).kind).toBe('local');
    expect(chooseTestBackend({ TEST_CONTAINERS: 'false' }, noDocker).kind).toBe('local');
    expect(() => chooseTestBackend({ TEST_CONTAINERS: '1' }, noDocker)).toThrow(
      /TEST_CONTAINERS=1 asks for containers, but no Docker engine answers/,
    );
    expect(() => chooseTestBackend({ TEST_CONTAINERS: 'yes please' }, docker)).toThrow(
      /TEST_CONTAINERS must be 1 or 0/,
    );
  });
});

describe('the Docker engine probe', () => {
  it('finds the engine from DOCKER_HOST (unix or tcp), else the default socket', () => {
    expect(dockerEndpoint({})).toEqual({ socketPath: '/var/run/docker.sock' });
    expect(dockerEndpoint({ DOCKER_HOST: 'unix:///run/user/1000/docker.sock' })).toEqual({
      socketPath: '/run/user/1000/docker.sock',
    });
    expect(dockerEndpoint({ DOCKER_HOST: 'tcp://10.0.0.5:2376' })).toEqual({ host: '10.0.0.5', port: 2376 });
  });

  it('says no engine for a socket that is not there', async () => {
    expect(await probeDocker({ DOCKER_HOST: 'unix:///nonexistent/docker.sock' })).toEqual({
      available: false,
      detail: '/nonexistent/docker.sock does not exist',
    });
  });

  it("asks the engine's /_ping: yes for 200 OK, no for another answer (a fake engine on a socket of its own)", async () => {
    const socketPath = path.join(mkdtempSync(path.join(tmpdir(), 'fake-docker-')), 'docker.sock');
    let answer = 200;
    const fakeEngine = http.createServer((request, response) => {
      response.writeHead(request.url === '/_ping' ? answer : 404).end('OK');
    });
    await new Promise<void>((resolve) => fakeEngine.listen(socketPath, resolve));
    try {
      expect(await probeDocker({ DOCKER_HOST: `unix://${socketPath}` })).toEqual({
        available: true,
        detail: socketPath,
      });
      answer = 500;
      expect(await probeDocker({ DOCKER_HOST: `unix://${socketPath}` })).toEqual({
        available: false,
        detail: `${socketPath} answered 500`,
      });
    } finally {
      await new Promise((resolve) => fakeEngine.close(resolve));
    }
  });
});
