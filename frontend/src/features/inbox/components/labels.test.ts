import { describe, expect, it } from 'vitest';
import { ownRequestText, respondedByText } from './labels';

describe('inbox labels', () => {
  it("names who answers the viewer's own request", () => {
    expect(ownRequestText(['Ada Admin'])).toBe('You cannot answer a request of your own: Ada Admin can.');
    expect(ownRequestText(['Ada Admin', 'Bo Boss', 'Cy Chief'])).toBe('You cannot answer a request of your own: Ada Admin, Bo Boss or Cy Chief can.');
    expect(ownRequestText([])).toContain('your company has none yet');
  });

  it("names who answered: 'Approved By' or 'Rejected By'", () => {
    expect(respondedByText(1, 'Ada A.')).toBe('Approved By Ada A.');
    expect(respondedByText(2, 'Max M.')).toBe('Rejected By Max M.');
    expect(respondedByText(1, null)).toBe('Approved');
  });
});
