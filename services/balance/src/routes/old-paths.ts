/**
 * A route's path and the path it had before, both served by the same handler and schemas so existing
 * clients keep working; the old one is marked deprecated in the OpenAPI document.
 */
export function withOldPath(path: string, oldPath: string): Array<{ path: string; deprecated: { deprecated?: true } }> {
  return [
    { path, deprecated: {} },
    { path: oldPath, deprecated: { deprecated: true } },
  ];
}
