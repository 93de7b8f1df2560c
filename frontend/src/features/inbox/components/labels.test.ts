import { describe, expect, it } from 'vitest';
import { respondedByText } from './labels';

describe('inbox labels', () => {
  it("names who answered: 'Approved By' or 'Rejected By'", () => {
    expect(respondedByText(1, 'Ada A.')).toBe('Approved By Ada A.');
    expect(respondedByText(2, 'Max M.')).toBe('Rejected By Max M.');
    expect(respondedByText(1, null)).toBe('Approved');
  });
});
