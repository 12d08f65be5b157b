import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { DASHBOARDS, DASHBOARDS_DIR } from '../src/dashboards';
import { DASHBOARD_FILES } from '../src/manifests';
import { exportedMetricNames, metricsIn, OUTSIDE_METRICS } from './promql';

interface Board {
  uid: string;
  panels: Array<{ title: string; targets: Array<{ expr: string }> }>;
}

const committed = Object.fromEntries(
  DASHBOARD_FILES.map((file) => [file, JSON.parse(readFileSync(path.join(DASHBOARDS_DIR, file), 'utf8')) as Board]),
);
const expressions = Object.values(committed).flatMap((board) =>
  board.panels.flatMap((panel) =>
    panel.targets.map((target) => ({ where: `${board.uid}: ${panel.title}`, expr: target.expr })),
  ),
);

describe('Grafana dashboards (deploy/monitoring/dashboards)', () => {
  it('are one per family of services, as src/dashboards.ts builds them (npm run dashboards -w deploy)', () => {
    expect(Object.keys(DASHBOARDS).sort()).toEqual([...DASHBOARD_FILES].sort());
    for (const file of DASHBOARD_FILES)
      expect(committed[file], file).toEqual(JSON.parse(JSON.stringify(DASHBOARDS[file])));
    expect(new Set(Object.values(committed).map((board) => board.uid)).size).toBe(DASHBOARD_FILES.length);
  });

  it('query only metrics the services export', () => {
    const known = exportedMetricNames();
    const unknown = expressions.flatMap(({ where, expr }) =>
      metricsIn(expr)
        .filter((name) => !known.has(name) && !OUTSIDE_METRICS.has(name))
        .map((name) => `${where}: ${name}`),
    );
    expect(expressions.length).toBeGreaterThan(30);
    expect(unknown).toEqual([]);
  });

  it('have queries Prometheus parses (each checked by promtool as a recording rule)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dashboards-'));
    try {
      const rules = expressions.map(({ expr }, i) => ({
        record: `dashboard:query_${i}`,
        // Grafana's own interval variable, as it substitutes it.
        expr: expr.replaceAll('$__rate_interval', '5m'),
      }));
      writeFileSync(path.join(dir, 'queries.yml'), stringify({ groups: [{ name: 'dashboards', rules }] }));
      const run = spawnSync('promtool', ['check', 'rules', path.join(dir, 'queries.yml')], { encoding: 'utf8' });
      expect(run.error, 'promtool not found: apt-get install prometheus (Debian), as .ci/run does').toBeUndefined();
      expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
