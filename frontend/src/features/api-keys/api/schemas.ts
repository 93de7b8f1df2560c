import { z } from '@/lib/zod';

/**
 * The answers of the API keys contract (issue 43, docs/contracts/api-keys.md). Instants are UTC
 * (RFC 3339); the screen shows them on the company's clock. A secret is only ever in the answer
 * of its creation.
 */

const nullableString = z.string().nullable().optional().transform((v) => v ?? null);

export const API_KEY_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The secret's public start (`tk_<8 hex>`), to recognise the key by. */
  prefix: z.string(),
  /** The scopes' codes (`people:read`, …). */
  scopes: z.array(z.string()),
  createdBy: z.number().int(),
  /** Null once that person is erased. */
  createdByName: nullableString,
  createdAt: z.string(),
  /** The first instant it no longer works (the end of its last day in the company's zone); null: until revoked. */
  expiresAt: nullableString,
  lastUsedAt: nullableString,
  lastUsedIp: nullableString,
  revokedAt: nullableString,
  /** `active`, `expired` or `revoked`; a status this browser does not know yet is kept as it came. */
  status: z.string(),
});
export type ApiKey = z.output<typeof apiKeySchema>;

/** A scope a key may have, as the screen offers it. */
export const apiScopeSchema = z.object({ code: z.string(), label: z.string() });
export type ApiScope = z.output<typeof apiScopeSchema>;

/** GET /api-keys and POST /api-keys/revoke: the keys (newest first) and every scope. */
export const apiKeyListSchema = z.object({
  keys: z.array(apiKeySchema),
  scopes: z.array(apiScopeSchema),
});
export type ApiKeyList = z.output<typeof apiKeyListSchema>;

/** POST /api-keys: the key and its secret (`tk_<8 hex>_<64 hex>`), shown this once. */
export const createdApiKeySchema = z.object({ key: apiKeySchema, secret: z.string().min(1) });
export type CreatedApiKey = z.output<typeof createdApiKeySchema>;
