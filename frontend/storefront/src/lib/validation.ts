import type { z } from 'zod';

/**
 * Runs a contracts schema over a form's values; the first issue per field, as a message code the
 * form translates (`t('validation.<code>')`), keyed by the field's name.
 */
export function fieldIssues<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { ok: true; data: z.output<S> } | { ok: false; errors: Record<string, string> } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message && /^[a-z_]+$/.test(issue.message) ? issue.message : 'invalid';
  }
  return { ok: false, errors };
}

export function isBlank(value: string): boolean {
  return value.trim() === '';
}
