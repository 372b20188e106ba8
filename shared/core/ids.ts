const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value is a row id (a uuid): anything else cannot name a row, so it is "not found" without asking the database. */
export const isUuid = (value: string): boolean => UUID.test(value);

/**
 * A random v4 uuid. `crypto.randomUUID` exists only in secure contexts (https, localhost); a page
 * served over plain http on another host name (a LAN address, a test host) has only
 * `crypto.getRandomValues`, which is enough.
 */
export function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
