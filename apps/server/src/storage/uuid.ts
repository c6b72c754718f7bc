const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LOWERCASE_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Player ids are uuids. Anything else (from a URL, say) is "not found" without asking
 * the database, which would refuse to compare it with a uuid column.
 */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** A player id as the database returns it (lowercase): records must use this spelling, since ratings are locked in id order. */
export function isPlayerId(value: string): boolean {
  return LOWERCASE_UUID.test(value);
}
