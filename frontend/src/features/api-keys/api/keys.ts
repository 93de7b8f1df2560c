/**
 * Query keys of the company's API keys (issue 43, docs/contracts/api-keys.md). Creating a key
 * asks for the list again; revoking one answers with the list, which replaces it.
 */
export const apiKeysKeys = {
  all: ['api-keys'] as const,
  /** GET /api-keys: the keys and the scopes a key may have. */
  list: ['api-keys', 'list'] as const,
};
