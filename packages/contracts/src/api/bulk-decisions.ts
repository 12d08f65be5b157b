import { z } from 'zod';

/** The most requests one bulk decision takes: a list page's worth. */
export const BULK_DECISION_MAX = 100;

const decisionIds = z
  .array(z.uuid())
  .min(1)
  .max(BULK_DECISION_MAX)
  .transform((ids) => [...new Set(ids)]);

/** Bulk approve/confirm: the requests, each decided by the same rule as alone. */
export const bulkApproveBody = z.object({ ids: decisionIds });
/** Bulk reject: the requests and the one reason each of them gets (required: it goes to the customer or dealer). */
export const bulkRejectBody = z.object({ ids: decisionIds, reason: z.string().trim().min(1).max(500) });

/**
 * What happened to each request: `decided` now, `already` decided so before (nothing changed), or
 * `refused` with the reason in the caller's language (a big amount that needs its retype, a request no longer pending).
 */
export const bulkDecisionResultSchema = z.object({
  decided: z.number().int(),
  already: z.number().int(),
  refused: z.number().int(),
  results: z.array(
    z.object({
      id: z.string(),
      outcome: z.enum(['decided', 'already', 'refused']),
      code: z.string(),
      message: z.string(),
    }),
  ),
});
export type BulkDecisionResult = z.infer<typeof bulkDecisionResultSchema>;
