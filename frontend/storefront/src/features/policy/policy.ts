/**
 * The refund windows every text names (FAQ, terms, refund policy, eUICC page), read from the
 * one policy object (DESIGN.md section 10).
 */
export const policyVariables = {
  refundDays: 30,
  withdrawalDays: 14,
  refundMin: 5,
  refundMax: 10,
  minAge: 18,
  cardReturnDays: 15,
};
