import { describe, expect, it } from 'vitest';
import { newShiftText, ownRequestText, respondedByText } from './labels';

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

describe('a request to add a shift (issue 39)', () => {
  it("reads 'New shift' with its times on the company clock", () => {
    const zone = 'America/New_York';
    expect(newShiftText('2026-11-24T14:02:00Z', '2026-11-24T22:00:00Z', zone)).toBe('New shift: Tue, Nov 24 9:02 AM – 5:00 PM');
    expect(newShiftText('2026-11-24T14:02:00Z', null, zone)).toBe('New shift: Tue, Nov 24 9:02 AM – …');
    expect(newShiftText('2026-11-24T23:00:00Z', '2026-11-25T07:00:00Z', zone)).toBe('New shift: Tue, Nov 24 6:00 PM – Wed, Nov 25 2:00 AM');
    expect(newShiftText(null, null, zone)).toBe('New shift');
  });
});
