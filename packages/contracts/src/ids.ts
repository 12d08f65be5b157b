/** A UUID in its text form, as every id of ours is: what may go to PostgreSQL's uuid columns. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a UUID (a text that is not would fail a uuid column's cast: ask nothing for it). */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
