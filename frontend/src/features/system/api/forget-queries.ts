import type { QueryClient } from '@tanstack/react-query';

/**
 * Forgets every query no screen shows now: when the operator starts or ends acting as a user, data
 * read for another session (another company's) must not stand in while the new one is read.
 * Queries on screen (the shell's) stay; they are keyed by session where it matters.
 */
export const forgetUnusedQueries = (queryClient: QueryClient): void =>
  queryClient.removeQueries({ predicate: (query) => query.getObserversCount() === 0 });
