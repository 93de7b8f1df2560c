import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { inboxDataSchema } from '../api/schemas';
import { PendingSection } from './inbox-sections';

const NY = 'America/New_York';

/** Step 2 of 2 waits for Maria Lopez; Ana Silva answered step 1 standing in for Sam Lee. */
const APPROVAL = {
  step: 2,
  steps: 2,
  since: '2026-03-03T14:00:00Z',
  waitingFor: ['Maria Lopez'],
  state: 'pending',
  answers: [{ step: 1, byName: 'Ana Silva', forName: 'Sam Lee', decision: 'approve', comment: null, allSteps: false, at: '2026-03-03T14:00:00Z' }],
  escalations: [{ step: 1, at: '2026-03-02T14:00:00Z', toNames: ['Jo Park'] }],
};

const timeOff = (fields: Record<string, unknown> = {}) => ({
  id: 12,
  name: 'Liam Carter',
  type: 'Vacation',
  color: '#2f9e44',
  createDate: '2026-03-01T14:30:00Z',
  allday: 1,
  start: '2026-03-09 00:00:00',
  end: '2026-03-16 23:59:59',
  minutes: 2880,
  reason: 'Family trip',
  status: 0,
  approveBy: null,
  rejectBy: null,
  actDate: null,
  actComments: null,
  employeeId: 10,
  firstname: 'Liam',
  lastname: 'Carter',
  avatar: null,
  ...fields,
});

const timesheet = (fields: Record<string, unknown> = {}) => ({
  id: 5,
  entryId: 41,
  requestDate: '2026-03-02T15:00:00Z',
  payload: JSON.stringify({ start: '2026-03-02T14:00:00Z', end: '2026-03-02T22:00:00Z', breaks: [], boptype: 'NOCHANGE' }),
  requestComments: 'Forgot to clock out',
  changeType: 'out',
  status: 0,
  actor: null,
  actDate: null,
  actComments: null,
  employeeId: 9,
  name: 'Emma Brooks',
  avatar: null,
  ...fields,
});

function renderPending({ timeoff = [] as unknown[], sheets = [] as unknown[] } = {}) {
  const data = inboxDataSchema.parse({
    pending: { timesheet: { rows: sheets, count: sheets.length }, timeoff: { rows: timeoff, count: timeoff.length } },
    completed: { timesheet: { rows: [], count: 0 }, timeoff: { rows: [], count: 0 } },
    page: 1,
  });
  const fetch = mockFetch({
    'POST /pto/approve-timeoff': () => response({ json: { changed: true, message: 'Approved step 1 of 2; now waiting for Maria Lopez.' } }),
    'POST /timesheet/edit-request-approve': () => response({ json: { id: 41 } }),
  });
  renderWithApp(<PendingSection pending={data.pending} loading={false} timeZone={NY} moreHref="?more=2" onReject={() => {}} whoAnswers={[]} />);
  return fetch;
}

const posts = (fetch: ReturnType<typeof mockFetch>, path: string) =>
  fetch.mock.calls.filter(([url]) => String(url) === `/server/v1${path}`).map(([, init]) => bodyOf(init as RequestInit));

describe('the inbox on an approval path (issue 41)', () => {
  it('reads rows from before approval paths: no path, nothing to approve at once', () => {
    const data = inboxDataSchema.parse({
      pending: { timesheet: { rows: [timesheet()], count: 1 }, timeoff: { rows: [timeOff()], count: 1 } },
      completed: { timesheet: { rows: [], count: 0 }, timeoff: { rows: [], count: 0 } },
      page: 1,
    });
    expect(data.pending.timeoff.rows[0]).toMatchObject({ approval: null, mayApproveAllSteps: false, mayAnswer: true });
    expect(data.pending.timesheet.rows[0]).toMatchObject({ approval: null, mayApproveAllSteps: false, mayAnswer: true });
  });

  it("shows the step, whom it waits for and who answered for whom; the current step's approver answers it", async () => {
    const fetch = renderPending({ timeoff: [timeOff({ approval: APPROVAL, mayAnswer: true })] });
    const card = screen.getByRole('article', { name: 'Time off request of Liam Carter' });
    expect(within(card).getByTestId('approval-step')).toHaveTextContent('Step 2 of 2 · waiting for Maria Lopez');
    const history = within(card).getByTestId('approval-history');
    expect(within(history).getByTestId('approval-answer')).toHaveTextContent('Step 1: approved by Ana Silva for Sam Lee');
    expect(within(history).getByTestId('approval-escalation')).toHaveTextContent('Step 1: escalated to Jo Park');
    // The escalation came first.
    expect(within(history).getAllByRole('listitem').map((item) => item.getAttribute('data-testid'))).toEqual(['approval-escalation', 'approval-answer']);
    expect(within(card).queryByRole('button', { name: 'Approve all steps' })).toBeNull();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(posts(fetch, '/pto/approve-timeoff')).toEqual([{ request: 12 }]));
  });

  it('offers an admin who does not answer the current step only "Approve all steps", which sends allSteps', async () => {
    const fetch = renderPending({ timeoff: [timeOff({ approval: APPROVAL, mayAnswer: false, mayApproveAllSteps: true })] });
    const card = screen.getByRole('article', { name: 'Time off request of Liam Carter' });
    expect(within(card).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Reject' })).toBeNull();
    // Not "a request of your own": the approval line says whom it waits for.
    expect(within(card).queryByTestId('own-request')).toBeNull();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Approve all steps' }));
    await waitFor(() => expect(posts(fetch, '/pto/approve-timeoff')).toEqual([{ request: 12, allSteps: true }]));
  });

  it('a manager who is not the current step\'s approver sees where it stands, without buttons', () => {
    renderPending({ timeoff: [timeOff({ approval: APPROVAL, mayAnswer: false })] });
    const card = screen.getByRole('article', { name: 'Time off request of Liam Carter' });
    expect(within(card).getByTestId('approval-step')).toHaveTextContent('Step 2 of 2 · waiting for Maria Lopez');
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('approves all steps of a timesheet edit request too', async () => {
    const fetch = renderPending({ sheets: [timesheet({ approval: { ...APPROVAL, step: 1, answers: [], escalations: [] }, mayAnswer: true, mayApproveAllSteps: true })] });
    const card = screen.getByRole('article', { name: 'Timesheet edit request of Emma Brooks' });
    expect(within(card).getByTestId('approval-step')).toHaveTextContent('Step 1 of 2 · waiting for Maria Lopez');
    expect(within(card).queryByTestId('approval-history')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Approve all steps' }));
    await waitFor(() => expect(posts(fetch, '/timesheet/edit-request-approve')).toEqual([{ reqId: 5, allSteps: true }]));
  });
});
