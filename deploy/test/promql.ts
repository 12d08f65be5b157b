import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function metricsModules(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : metricsModules(full);
    return name === 'metrics.ts' ? [full] : [];
  });
}

/**
 * Every metric name the services' `/metrics` can show, read from their source: the platform's
 * registry and event bus series, each service's metrics modules, and prom-client's defaults.
 */
export function exportedMetricNames(): Set<string> {
  const names = new Set<string>();
  const files = [
    path.join(ROOT, 'packages/platform/src/metrics.ts'),
    path.join(ROOT, 'packages/platform/src/events/metrics.ts'),
    ...metricsModules(path.join(ROOT, 'services')),
  ];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/name: '([a-z_:][a-z0-9_:]*)'/g)) names.add(match[1]!);
    for (const match of text.matchAll(/\['([a-z_]+_(?:total|backlog|lag))', '(?:counter|gauge)'/g))
      names.add(match[1]!);
  }
  for (const histogram of ['http_request_duration_seconds'])
    for (const suffix of ['_bucket', '_count', '_sum']) names.add(histogram + suffix);
  const promClient = path.join(ROOT, 'node_modules/prom-client/lib/metrics');
  for (const file of readdirSync(promClient).filter((f) => f.endsWith('.js'))) {
    const text = readFileSync(path.join(promClient, file), 'utf8');
    for (const match of text.matchAll(/'((?:nodejs|process)_[a-z0-9_]+)'/g)) names.add(match[1]!);
  }
  return names;
}

/** Series that come from Prometheus itself (up) or kube-state-metrics (the ledger check's CronJob). */
export const OUTSIDE_METRICS = new Set([
  'up',
  'kube_cronjob_status_last_schedule_time',
  'kube_cronjob_status_last_successful_time',
  'kube_job_status_failed',
]);

const KEYWORDS = new Set([
  'and',
  'or',
  'unless',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'offset',
  'inf',
  'nan',
]);

/** The metric names a PromQL expression reads (label matchers, groupings, functions and strings left out). */
export function metricsIn(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '')
    .replace(/\$\w+/g, '');
  const names = new Set<string>();
  for (const match of stripped.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)(\s*\()?/g)) {
    const [, name, call] = match;
    if (call || KEYWORDS.has(name!.toLowerCase())) continue;
    names.add(name!);
  }
  return [...names];
}
