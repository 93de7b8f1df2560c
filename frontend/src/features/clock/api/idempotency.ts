/**
 * The `Idempotency-Key` header of a press (issue 39): the same key sent twice is pressed once, and
 * the second send answers the first one's result.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export const keyHeader = (key: string | undefined): Record<string, string> | undefined => (key ? { [IDEMPOTENCY_HEADER]: key } : undefined);
