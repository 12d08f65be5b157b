import { REFUND_POLICY } from '@esim/contracts';

/**
 * The refund windows every text names (FAQ, terms, refund policy, eUICC page), read from the
 * one policy object (docs/product.md, Refunds and returns).
 */
export const policyVariables = {
  refundDays: REFUND_POLICY.esimUnusedRefundDays,
  withdrawalDays: REFUND_POLICY.withdrawalDays,
  refundMin: REFUND_POLICY.refundBusinessDays.min,
  refundMax: REFUND_POLICY.refundBusinessDays.max,
  minAge: REFUND_POLICY.minimumAge,
  cardReturnDays: REFUND_POLICY.physicalCardReturnDays,
};
