import type { Plugin } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/**
 * `src/i18n/resources/<ns>.ts?lng=en` is that file with only its `en` half: each resource file
 * is `export const <ns> = { tr: {...}, en: {...} }`, and the browser loads just the language it
 * shows (the other one when the visitor switches).
 */
export function languageSplit(): Plugin {
  return {
    name: 'storefront-language-split',
    // After TypeScript is stripped, so the code parses as JavaScript.
    enforce: 'post',
    transform(code, id) {
      const match = /\/i18n\/resources\/[\w-]+\.ts\?(?:.*&)?lng=(\w+)/.exec(id);
      if (!match) return null;
      const lng = match[1]!;
      const program = this.parse(code) as unknown as { body: Node[] };
      const pieces = program.body.map((statement) => {
        const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : null;
        const declarator =
          declaration?.type === 'VariableDeclaration' ? (declaration.declarations as Node[])[0] : undefined;
        const init = declarator?.init as Node | undefined;
        if (!declarator || init?.type !== 'ObjectExpression') return code.slice(statement.start, statement.end);
        const half = (init.properties as Node[]).find(
          (p) =>
            (p.key as { name?: string; value?: string }).name === lng || (p.key as { value?: string }).value === lng,
        );
        if (!half) this.error(`${id}: no '${lng}' texts`);
        const name = (declarator.id as { name: string }).name;
        return `export const ${name} = ${code.slice((half.value as Node).start, (half.value as Node).end)};`;
      });
      return { code: pieces.join('\n'), map: null };
    },
  };
}
