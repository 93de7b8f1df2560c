import { describe, expect, it } from 'vitest';
import { broadcastStatusText, isAwaitingAnswers, isAwaitingMyAnswer, myPolicyAnswerText, recipientStatusText } from './policy-status';

const TZ = 'America/New_York';
const flow = (fields: Partial<Parameters<typeof broadcastStatusText>[0] & object> = {}) => ({
  status: 0,
  totalRecipients: 4,
  confirmedRecipients: 1,
  declinedRecipients: 1,
  stoppedAt: null,
  cancelledAt: null,
  modifyDate: '2026-03-02T15:00:00Z',
  ...fields,
});

describe('the status texts of policy broadcasts', () => {
  it("says 'In Progress' with how many answered, 'Completed' once nobody is pending, and 'Stopped' or 'Cancelled' with the date", () => {
    expect(broadcastStatusText(null, TZ)).toBe('Not published yet');
    expect(broadcastStatusText(flow(), TZ)).toBe('In Progress (2/4)');
    expect(broadcastStatusText(flow({ confirmedRecipients: 4, declinedRecipients: 0 }), TZ)).toBe('Completed');
    expect(broadcastStatusText(flow({ confirmedRecipients: 3, declinedRecipients: 1 }), TZ)).toBe('Completed');
    // 01:00 UTC on Mar 7 is Mar 6 in New York.
    expect(broadcastStatusText(flow({ status: 3, stoppedAt: '2026-03-07T01:00:00Z' }), TZ)).toBe('Stopped Mar 06, 2026');
    expect(broadcastStatusText(flow({ status: 2, cancelledAt: '2026-03-08T15:00:00Z' }), TZ)).toBe('Cancelled Mar 08, 2026');
  });

  it('offers Send Reminder and Stop only while active with someone pending', () => {
    expect(isAwaitingAnswers(flow())).toBe(true);
    expect(isAwaitingAnswers(flow({ confirmedRecipients: 3 }))).toBe(false);
    expect(isAwaitingAnswers(flow({ status: 3 }))).toBe(false);
    expect(isAwaitingAnswers(flow({ status: 2 }))).toBe(false);
  });

  it("names a recipient's answer and the employee's side of it", () => {
    expect([0, 1, 2].map(recipientStatusText)).toEqual(['Pending', 'Acknowledged', 'Declined']);
    const mine = (fields: Partial<Parameters<typeof myPolicyAnswerText>[0]>) => myPolicyAnswerText({ certifyStatus: 0, declined: false, certifyDate: null, ...fields }, TZ);
    expect(mine({})).toBe('Awaiting');
    expect(mine({ certifyStatus: 1, certifyDate: '2026-03-06T15:30:00Z' })).toBe('03/06/2026 10:30 AM');
    expect(mine({ certifyStatus: 1, declined: true, certifyDate: '2026-03-06T15:30:00Z' })).toBe('Declined');
    expect(mine({ certifyStatus: 2 })).toBe('Canceled');
    expect(mine({ certifyStatus: 3 })).toBe('Stopped');
    expect(isAwaitingMyAnswer({ certifyStatus: 0 })).toBe(true);
    expect(isAwaitingMyAnswer({ certifyStatus: 3 })).toBe(false);
  });
});
