/** The field messages and the service's own message of a failed call (an HttpError from our httpClient). */
export function serviceErrorOf(error: unknown): { message: string; fields: Record<string, string> } {
  const e = error as { message?: string; body?: { message?: string; errors?: Record<string, string> } } | undefined;
  return { message: e?.body?.message ?? e?.message ?? 'ra.notification.http_error', fields: e?.body?.errors ?? {} };
}
