const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value is a row id (a uuid): anything else cannot name a row, so it is "not found" without asking the database. */
export const isUuid = (value: string): boolean => UUID.test(value);
