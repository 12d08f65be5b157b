/** One language's resources by namespace, from a glob of the resource files (`../resources/common.ts` → common). */
export function textsOf(
  modules: Record<string, Record<string, Record<string, unknown>>>,
): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(modules).map(([file, module]) => {
      const ns = file.slice(file.lastIndexOf('/') + 1, -3);
      return [ns, module[ns]!];
    }),
  );
}
