import type { CelebrationType } from './celebrations';

/**
 * Query keys of the celebrations. A change of a company-wide message invalidates `messages`:
 * people without a message of their own now get it.
 */
export const celebrationKeys = {
  all: ['celebrations'] as const,
  next: ['celebrations', 'next'] as const,
  system: (target: 'employee' | 'company') => ['celebrations', 'system', target] as const,
  /** Every person's message. */
  messages: ['celebrations', 'message'] as const,
  message: (employeeId: number, type: CelebrationType) => ['celebrations', 'message', employeeId, type] as const,
  company: (type: CelebrationType) => ['celebrations', 'company', type] as const,
};
