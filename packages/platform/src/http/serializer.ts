import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The first place two JSON values differ (`data.items.0.price`), or undefined when they are equal. */
function firstDifference(sent: Json, declared: Json, path: string): string | undefined {
  if (sent === declared) return undefined;
  if (
    typeof sent !== 'object' ||
    typeof declared !== 'object' ||
    sent === null ||
    declared === null ||
    Array.isArray(sent) !== Array.isArray(declared)
  )
    return path;
  const keys = new Set([...Object.keys(sent), ...Object.keys(declared)]);
  for (const key of keys) {
    const difference = firstDifference(
      (sent as Record<string, Json>)[key] ?? null,
      (declared as Record<string, Json>)[key] ?? null,
      `${path}.${key}`,
    );
    if (difference) return difference;
  }
  return undefined;
}

/**
 * The serializer tests run with: the zod one, plus a check that the answer kept every field the
 * handler sent. zod drops fields a schema does not declare, so a schema out of step with its handler
 * would otherwise lose data silently; under test it is a 500 naming the field. Production runs the
 * plain serializer (no second pass).
 */
export const checkedSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const serialize = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  return (data) => {
    const sent = serialize(data);
    const difference = firstDifference(JSON.parse(JSON.stringify(data)) as Json, JSON.parse(sent) as Json, 'body');
    if (difference)
      throw new Error(
        `${route.method} ${route.url} ${route.httpStatus}: the response schema does not match ${difference}`,
      );
    return sent;
  };
};
