import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { MONITORING_DIR } from '../src/manifests';
import { exportedMetricNames, metricsIn, OUTSIDE_METRICS } from './promql';

interface Rule {
  alert?: string;
  expr: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
interface AlertTest {
  alert_rule_test?: Array<{ alertname: string; exp_alerts: unknown[] }>;
}

const rules = (
  parse(readFileSync(path.join(MONITORING_DIR, 'alerts.yml'), 'utf8')) as { groups: Array<{ rules: Rule[] }> }
).groups.flatMap((group) => group.rules);
const tests = (parse(readFileSync(path.join(MONITORING_DIR, 'alerts.test.yml'), 'utf8')) as { tests: AlertTest[] })
  .tests;

/** Debian's prometheus package has it (.ci/run installs it); without it this suite cannot say anything. */
function promtool(args: string[]) {
  const run = spawnSync('promtool', args, { cwd: MONITORING_DIR, encoding: 'utf8' });
  expect(run.error, 'promtool not found: apt-get install prometheus (Debian), as .ci/run does').toBeUndefined();
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('alert rules (deploy/monitoring/alerts.yml)', () => {
  it('pass promtool check rules', () => {
    const run = promtool(['check', 'rules', 'alerts.yml']);
    expect(run.status, run.output).toBe(0);
    expect(run.output).toContain(`SUCCESS: ${rules.length} rules found`);
  });

  it('pass their promtool unit tests (alerts.test.yml)', () => {
    const run = promtool(['test', 'rules', 'alerts.test.yml']);
    expect(run.status, run.output).toBe(0);
    expect(run.output).toContain('SUCCESS');
  });

  it('each alert is fired by a test series', () => {
    const fired = new Set(
      tests.flatMap((t) => (t.alert_rule_test ?? []).filter((a) => a.exp_alerts.length > 0).map((a) => a.alertname)),
    );
    const alerts = rules.map((rule) => rule.alert);
    expect(alerts.length).toBeGreaterThanOrEqual(16);
    expect(alerts.filter((alert) => !fired.has(alert!))).toEqual([]);
  });

  it('cover what operations needs to hear of', () => {
    const alerts = new Set(rules.map((rule) => rule.alert));
    for (const alert of [
      'OutboxBacklogGrowing',
      'ConsumerLagHigh',
      'High5xxRate',
      'CardPaymentsFailing',
      'CardPaymentWaiting',
      'SupplierSyncFailing',
      'SupplierOrdersWaiting',
      'SupplierBalanceLow',
      'ImportStuck',
      'InstanceDown',
      'LedgerCheckFailing',
    ])
      expect(alerts, alert).toContain(alert);
  });

  it('read only metrics the services export (or Prometheus and kube-state-metrics give)', () => {
    const known = exportedMetricNames();
    const unknown = rules.flatMap((rule) =>
      metricsIn(rule.expr)
        .filter((name) => !known.has(name) && !OUTSIDE_METRICS.has(name))
        .map((name) => `${rule.alert}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });

  it('have a severity, a summary and a description each', () => {
    for (const rule of rules) {
      expect(['warning', 'critical'], rule.alert).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
      expect(rule.annotations?.description, rule.alert).toBeTruthy();
    }
  });
});
