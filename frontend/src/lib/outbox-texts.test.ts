import { describe, expect, it } from 'vitest';
import type { OutboxNotice } from './outbox';
import { noticeText, offlinePressText, pressTimeText, shortTime, skewText, unsentTitle } from './outbox-texts';

const ZONE = 'America/New_York';

const notice = (fields: Partial<OutboxNotice>): OutboxNotice => ({
  key: 'k',
  eid: 7,
  action: 'start',
  deviceTime: '2026-11-24T14:02:00.000Z',
  recordedAt: '2026-11-24T14:02:00Z',
  outcome: 'applied',
  reason: null,
  requestId: null,
  skewSeconds: 0,
  settledAt: 0,
  seq: 1,
  ...fields,
});

describe('the words of presses made offline', () => {
  it('writes times on the company clock, with the day when it is not today', () => {
    expect(shortTime('2026-11-24T14:02:00Z', ZONE)).toBe('9:02 AM');
    expect(shortTime('2026-11-24T17:00:00Z', ZONE)).toBe('12:00 PM');
    expect(pressTimeText('2026-11-24T14:02:00Z', ZONE, Date.parse('2026-11-24T20:00:00Z'))).toBe('9:02 AM');
    expect(pressTimeText('2026-11-24T14:02:00Z', ZONE, Date.parse('2026-11-28T20:00:00Z'))).toBe('Tue, Nov 24 9:02 AM');
  });

  it('counts the presses not sent', () => {
    expect(unsentTitle(1)).toBe('1 press is not sent yet');
    expect(unsentTitle(4)).toBe('4 presses are not sent yet');
  });

  it("says how far off the phone's clock was", () => {
    expect(skewText(600)).toBe('phone clock 10 min fast');
    expect(skewText(-180)).toBe('phone clock 3 min slow');
    expect(skewText(45)).toBe('phone clock 45 s fast');
    expect(skewText(3 * 3600 + 300)).toBe('phone clock 3 h 5 min fast');
    expect(skewText(1)).toBe('');
    expect(skewText(null)).toBe('');
  });

  it('says what became of a sent press', () => {
    const now = Date.parse('2026-11-28T15:00:00Z');
    const reason = "Sent 4 days after it was made: a press older than 72 hours needs a manager's approval.";
    expect(noticeText(notice({ outcome: 'held', reason }), ZONE, now)).toBe(`Your Clock In of Tue, Nov 24 9:02 AM went to your manager for approval: ${reason}`);
    expect(noticeText(notice({ outcome: 'refused', action: 'end', reason: 'You are not clocked in.', recordedAt: '2026-11-28T14:00:00Z' }), ZONE, now)).toBe(
      'Your Clock Out of 9:00 AM was not recorded: You are not clocked in.',
    );
    expect(noticeText(notice({ recordedAt: '2026-11-28T14:00:00Z', skewSeconds: 600 }), ZONE, now)).toBe('Clock In of 9:00 AM: recorded (phone clock 10 min fast)');
  });

  it("describes a timesheet's press made offline", () => {
    expect(
      offlinePressText({ action: 'end', recordedAt: '2026-11-24T22:02:00Z', deviceTime: '2026-11-24T22:12:00Z', skewSeconds: 600, receivedAt: '2026-11-24T22:40:00Z' }, ZONE),
    ).toBe('Clock Out made offline on the phone at 5:02 PM, sent 5:40 PM (phone clock 10 min fast)');
    expect(
      offlinePressText({ action: 'start', recordedAt: '2026-11-24T14:02:00Z', deviceTime: '2026-11-24T14:02:00Z', skewSeconds: 0, receivedAt: '2026-11-26T14:00:00Z' }, ZONE),
    ).toBe('Clock In made offline on the phone at 9:02 AM, sent Thu, Nov 26 9:00 AM');
  });
});
