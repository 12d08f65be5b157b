import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT_DIR } from './services';

/**
 * Renders `.env.example` (the one annotated list of settings, checked against the code's config
 * schemas by infra/test/env-example.test.ts) as the README's configuration table, between the
 * `<!-- config:start -->` and `<!-- config:end -->` markers. Run: `npm run docs:config`.
 */
export function renderConfigTable(envExample: string): string {
  const rows: string[] = [];
  let section = '';
  let comment: string[] = [];
  let afterSetting = false;
  for (const raw of envExample.split('\n')) {
    const line = raw.trim();
    const heading = /^# ── (.+?) ─/.exec(line);
    const setting = /^# ([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (heading) {
      section = heading[1]!;
      comment = [];
    } else if (setting) {
      const [, key, value] = setting;
      const cell = (text: string) => text.replace(/\|/g, '\\|');
      rows.push(
        `| \`${key}\` | ${value ? `\`${cell(value)}\`` : '(unset)'} | ${section} | ${cell(comment.join(' '))} |`,
      );
    } else if (line.startsWith('# ')) {
      // A comment that follows settings explains the next ones, not the ones above it.
      if (afterSetting) comment = [];
      comment.push(line.slice(2));
    } else if (line === '') {
      comment = [];
    }
    afterSetting = Boolean(setting);
  }
  return ['| variable | default | read by | meaning |', '|---|---|---|---|', ...rows].join('\n');
}

async function main(): Promise<void> {
  const readmePath = path.join(ROOT_DIR, 'README.md');
  const readme = await readFile(readmePath, 'utf8');
  const table = renderConfigTable(await readFile(path.join(ROOT_DIR, '.env.example'), 'utf8'));
  const start = '<!-- config:start -->';
  const end = '<!-- config:end -->';
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < 0) throw new Error(`README.md needs ${start} and ${end} markers`);
  await writeFile(readmePath, `${readme.slice(0, from + start.length)}\n${table}\n${readme.slice(to)}`);
  console.log(`README.md: configuration table updated (${table.split('\n').length - 2} variables)`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  await main();
}
