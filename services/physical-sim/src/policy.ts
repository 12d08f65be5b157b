/** The spec's 15-day unconditional return of physical cards, counted from the card's transfer to the dealer. */
export const PHYSICAL_SIM_RETURN_DAYS = 15;
