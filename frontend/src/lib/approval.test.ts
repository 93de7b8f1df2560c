import { describe, expect, it } from 'vitest';
import { answeredByText, answerText, approvalStepText, optionalApprovalSchema, sinceText, waitingText } from './approval';

const NY = 'America/New_York';
// Thursday 5 March 2026, 3 PM in New York.
const NOW = new Date('2026-03-05T20:00:00Z');

const approval = {
  step: 2,
  steps: 2,
  since: '2026-03-03T14:00:00Z',
  waitingFor: ['Maria Lopez'],
  state: 'pending',
  answers: [{ step: 1, byName: 'Ana Silva', forName: 'Sam Lee', decision: 'approve', comment: null, allSteps: false, at: '2026-03-03T14:00:00Z' }],
  escalations: [],
};

describe('where a request stands on its approval path', () => {
  it('reads the contract\'s `approval`, and null or nothing as no path', () => {
    const parsed = optionalApprovalSchema.parse(approval);
    expect(parsed).toMatchObject({ step: 2, steps: 2, waitingFor: ['Maria Lopez'], state: 'pending' });
    expect(parsed?.answers[0]).toMatchObject({ byName: 'Ana Silva', forName: 'Sam Lee', decision: 'approve', allSteps: false });
    expect(optionalApprovalSchema.parse(null)).toBeNull();
    expect(optionalApprovalSchema.parse(undefined)).toBeNull();
    expect(() => optionalApprovalSchema.parse({ ...approval, state: 'maybe' })).toThrow();
  });

  it("says the inbox's line: the step, and whom it waits for while pending", () => {
    const parsed = optionalApprovalSchema.parse(approval)!;
    expect(approvalStepText(parsed)).toBe('Step 2 of 2 · waiting for Maria Lopez');
    expect(approvalStepText({ ...parsed, waitingFor: ['Maria Lopez', 'Jo Park'] })).toBe('Step 2 of 2 · waiting for Maria Lopez, Jo Park');
    expect(approvalStepText({ ...parsed, state: 'approved' })).toBe('Step 2 of 2');
  });

  it('says who answered for whom', () => {
    const [answer] = optionalApprovalSchema.parse(approval)!.answers;
    expect(answeredByText(answer!)).toBe('Ana Silva for Sam Lee');
    expect(answeredByText({ ...answer!, forName: null })).toBe('Ana Silva');
    expect(answerText(answer!)).toBe('Step 1: approved by Ana Silva for Sam Lee');
    expect(answerText({ ...answer!, decision: 'reject', forName: null })).toBe('Step 1: rejected by Ana Silva');
    expect(answerText({ ...answer!, allSteps: true, forName: null })).toBe('Step 1: all remaining steps approved by Ana Silva');
  });

  it("names the weekday within the last 7 days on the company's calendar, the date before", () => {
    expect(sinceText('2026-03-03T14:00:00Z', NY, NOW)).toBe('Tuesday');
    expect(sinceText('2026-03-05T13:00:00Z', NY, NOW)).toBe('Thursday');
    // Late Friday evening in New York is already Saturday in UTC.
    expect(sinceText('2026-02-28T03:30:00Z', NY, NOW)).toBe('Friday');
    expect(sinceText('2026-02-26T14:00:00Z', NY, NOW)).toBe('02/26/2026');
  });

  it("says the employee's line", () => {
    const parsed = optionalApprovalSchema.parse(approval)!;
    expect(waitingText(parsed, NY, NOW)).toBe('Waiting for Maria Lopez, step 2 of 2, since Tuesday');
    expect(waitingText({ ...parsed, since: '2026-02-20T14:00:00Z' }, NY, NOW)).toBe('Waiting for Maria Lopez, step 2 of 2, since 02/20/2026');
    expect(waitingText({ ...parsed, waitingFor: [], since: null }, NY, NOW)).toBe('Waiting for approval, step 2 of 2');
  });
});
