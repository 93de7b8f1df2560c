import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { ApprovalPathsTab } from './approval-paths-tab';
import { pathBody, pathDraft } from './path-form';

const MANAGERS = [
  { id: 12, firstname: 'Maria', lastname: 'Lopez' },
  { id: 14, firstname: 'Jo', lastname: 'Park' },
  { id: 15, firstname: 'Sam', lastname: 'Lee' },
];

const step = (fields: Record<string, unknown> = {}) => ({
  approvers: 'manager',
  people: [],
  mode: 'any',
  longerThanHours: null,
  remindAfterHours: null,
  escalateAfterHours: null,
  escalateTo: 'next_level',
  escalatePeople: [],
  skipWhenOnlyRequester: false,
  ...fields,
});

const LONG = {
  id: 1,
  name: 'Long vacations',
  steps: [step(), step({ approvers: 'admins', longerThanHours: 40, remindAfterHours: 24 })],
  updatedAt: '2026-03-01T12:00:00Z',
};

const ptoType = (id: number, name: string) => ({ id, name, color: '#2f9e44', payable: 1, available: 1, allowDelete: true, overrides: [] });
const SETTINGS = {
  settings: { dayStartAt: null, mobileClockInDisabled: false, payCycle: 'biweekly', payCycleAnchor: '2026-01-04', weeklyOvertimeMinutes: 2400 },
  jobroles: [],
  ptotypes: [ptoType(3, 'Vacation'), ptoType(4, 'Sick')],
};

type Handler = Parameters<typeof mockFetch>[0][string];

function server({ paths = [LONG] as unknown[], uses = [] as unknown[], fallbackApproverId = null as number | null, savePath = undefined as Handler | undefined } = {}) {
  let setup = { paths, uses, fallbackApproverId };
  const fetch = mockFetch({
    'GET /approvals/setup': () => response({ json: setup }),
    'GET /manage/data': () => response({ json: { companyName: 'Acme', jobRoles: [], managers: MANAGERS, defaultManagerId: 12 } }),
    'GET /settings/data': () => response({ json: SETTINGS }),
    'POST /approvals/paths':
      savePath ??
      ((init) => {
        const body = bodyOf(init) as { id?: number; name: string; steps: unknown[] };
        const saved = { ...body, id: body.id ?? 2, updatedAt: '2026-03-05T12:00:00Z' };
        setup = { ...setup, paths: [...setup.paths.filter((p) => (p as { id: number }).id !== saved.id), saved] };
        return response({ json: saved });
      }),
    'POST /approvals/paths/delete': (init) => {
      const { id } = bodyOf(init) as { id: number };
      setup = { ...setup, paths: setup.paths.filter((p) => (p as { id: number }).id !== id) };
      return response({ json: { message: 'The path is deleted.' } });
    },
    'POST /approvals/uses': (init) => {
      const body = bodyOf(init) as { target: string; ptoTypeId?: number; pathId: number | null; autoApprove: boolean };
      const use = { target: body.target, ptoTypeId: body.ptoTypeId ?? null, pathId: body.pathId, autoApprove: body.autoApprove };
      const others = setup.uses.filter((u) => {
        const x = u as { target: string; ptoTypeId: number | null };
        return !(x.target === use.target && x.ptoTypeId === use.ptoTypeId);
      });
      setup = { ...setup, uses: [...others, use] };
      return response({ json: setup.uses });
    },
    'POST /approvals/fallback': (init) => {
      const { personId } = bodyOf(init) as { personId: number | null };
      setup = { ...setup, fallbackApproverId: personId };
      return response({ json: { fallbackApproverId: personId } });
    },
  });
  return { fetch };
}

const calls = (fetch: ReturnType<typeof mockFetch>, method: string, path: string) =>
  fetch.mock.calls
    .filter(([url, init]) => String(url).replace(/\?.*$/, '') === `/server/v1${path}` && ((init as RequestInit | undefined)?.method ?? 'GET') === method)
    .map(([, init]) => bodyOf(init as RequestInit));

async function choose(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement, label: string | RegExp, option: string) {
  await user.click(within(scope).getByLabelText(label, { selector: 'input' }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Settings, Approval paths', () => {
  it('lists the paths with their steps in words', async () => {
    server();
    renderWithApp(<ApprovalPathsTab />);
    const card = await screen.findByRole('article', { name: 'Long vacations' });
    const steps = within(card).getAllByRole('listitem');
    expect(steps.map((item) => item.textContent)).toEqual([
      "The requester's manager",
      "The company's admins (any one of them), only for requests longer than 40 hours; reminder after 24 hours",
    ]);
  });

  it('says when there is no path', async () => {
    server({ paths: [] });
    renderWithApp(<ApprovalPathsTab />);
    expect(await screen.findByTestId('no-paths')).toHaveTextContent('There is no approval path yet.');
  });

  it('creates a two-step path: the manager, then the admins for requests longer than 40 hours', async () => {
    const { fetch } = server({ paths: [] });
    renderWithApp(<ApprovalPathsTab />);
    await screen.findByTestId('no-paths');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New path' }));
    const form = await screen.findByRole('form', { name: 'Approval path' });
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Long vacations');
    // A new path starts with the requester's manager.
    expect(within(form).getAllByTestId('path-step')).toHaveLength(1);
    expect(within(form).getByRole('group', { name: 'Step 1' })).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Add step' }));
    const second = within(form).getByRole('group', { name: 'Step 2' });
    await user.type(within(second).getByRole('textbox', { name: /Only when longer than/ }), '40');
    await user.type(within(second).getByRole('textbox', { name: /Remind after/ }), '24');
    await user.click(within(second).getByRole('radio', { name: 'All of them' }));
    await user.click(within(second).getByRole('switch', { name: 'Skip this step when the requester is its only approver' }));
    await user.click(within(form).getByRole('button', { name: 'Save path' }));

    await waitFor(() => expect(screen.queryByRole('form', { name: 'Approval path' })).toBeNull());
    expect(calls(fetch, 'POST', '/approvals/paths')).toEqual([
      {
        name: 'Long vacations',
        steps: [
          step(),
          step({ approvers: 'admins', mode: 'all', longerThanHours: 40, remindAfterHours: 24, skipWhenOnlyRequester: true }),
        ],
      },
    ]);
    expect(await screen.findByRole('article', { name: 'Long vacations' })).toBeInTheDocument();
  });

  it('names people for a step and for its escalation, reorders and removes steps, and keeps the id of a path it changes', async () => {
    const { fetch } = server();
    renderWithApp(<ApprovalPathsTab />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Long vacations' }));
    const form = await screen.findByRole('form', { name: 'Approval path' });
    const first = within(form).getByRole('group', { name: 'Step 1' });
    await choose(user, first, 'Who answers', 'Named managers or admins');
    await choose(user, first, 'Managers and admins', 'Jo Park');
    await user.type(within(first).getByRole('textbox', { name: /Escalate after/ }), '48');
    await choose(user, first, 'Escalate to', 'Named managers or admins');
    await choose(user, first, 'Escalate to these managers and admins', 'Sam Lee');
    // The admins' step goes first, then the named people; a third step comes and goes.
    await user.click(within(form).getByRole('button', { name: 'Move step 2 up' }));
    await user.click(within(form).getByRole('button', { name: 'Add step' }));
    expect(within(form).getAllByTestId('path-step')).toHaveLength(3);
    await user.click(within(form).getByRole('button', { name: 'Remove step 3' }));
    await user.click(within(form).getByRole('button', { name: 'Save path' }));

    await waitFor(() => expect(calls(fetch, 'POST', '/approvals/paths')).toHaveLength(1));
    expect(calls(fetch, 'POST', '/approvals/paths')[0]).toEqual({
      id: 1,
      name: 'Long vacations',
      steps: [
        step({ approvers: 'admins', longerThanHours: 40, remindAfterHours: 24 }),
        step({ approvers: 'people', people: [14], escalateAfterHours: 48, escalateTo: 'people', escalatePeople: [15] }),
      ],
    });
  });

  it("shows the server's refusals on their fields", async () => {
    server({
      paths: [],
      savePath: () =>
        response({
          status: 400,
          statusText: 'Bad Request',
          json: {
            code: 'validation',
            message: 'Please check the path.',
            errors: {
              name: ['Please name the path.'],
              'steps[1].people': ['Name at least one manager or admin.'],
              'steps[1].remindAfterHours': ['Between 1 hour and 30 days.'],
            },
          },
        }),
    });
    renderWithApp(<ApprovalPathsTab />);
    await screen.findByTestId('no-paths');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New path' }));
    const form = await screen.findByRole('form', { name: 'Approval path' });
    await user.click(within(form).getByRole('button', { name: 'Add step' }));
    const second = within(form).getByRole('group', { name: 'Step 2' });
    await choose(user, second, 'Who answers', 'Named managers or admins');
    await user.type(within(second).getByRole('textbox', { name: /Remind after/ }), '999');
    await user.click(within(form).getByRole('button', { name: 'Save path' }));

    expect(await within(form).findByText('Please name the path.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true');
    expect(within(second).getByText('Name at least one manager or admin.')).toBeInTheDocument();
    expect(within(second).getByText('Between 1 hour and 30 days.')).toBeInTheDocument();
    expect(within(second).getByRole('textbox', { name: /Remind after/ })).toHaveAttribute('aria-invalid', 'true');
    // The first step is not blamed.
    expect(within(within(form).getByRole('group', { name: 'Step 1' })).queryByText('Between 1 hour and 30 days.')).toBeNull();
    expect(screen.getByRole('form', { name: 'Approval path' })).toBeInTheDocument();
  });

  it('deletes a path after the question', async () => {
    const { fetch } = server();
    renderWithApp(<ApprovalPathsTab />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Long vacations' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the path "Long vacations"?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('no-paths')).toBeInTheDocument();
    expect(calls(fetch, 'POST', '/approvals/paths/delete')).toEqual([{ id: 1 }]);
  });

  it('attaches a path to a PTO type and to the timesheet edit requests, and approves a type automatically', async () => {
    const { fetch } = server({ uses: [{ target: 'pto_type', ptoTypeId: 4, pathId: null, autoApprove: false }] });
    renderWithApp(<ApprovalPathsTab />);
    const user = userEvent.setup();
    const vacation = await screen.findByRole('row', { name: 'Vacation' });
    expect(within(vacation).getByRole('combobox', { name: 'Approval path of Vacation' })).toHaveValue('No path (anyone who manages the person)');
    await choose(user, vacation, 'Approval path of Vacation', 'Long vacations');
    await waitFor(() => expect(calls(fetch, 'POST', '/approvals/uses')).toHaveLength(1));
    expect(calls(fetch, 'POST', '/approvals/uses')[0]).toEqual({ target: 'pto_type', ptoTypeId: 3, pathId: 1, autoApprove: false });
    await waitFor(() => expect(within(vacation).getByRole('combobox', { name: 'Approval path of Vacation' })).toHaveValue('Long vacations'));

    const sick = screen.getByRole('row', { name: 'Sick' });
    await waitFor(() => expect(within(sick).getByRole('switch', { name: 'Approve Sick automatically' })).toBeEnabled());
    await user.click(within(sick).getByRole('switch', { name: 'Approve Sick automatically' }));
    await waitFor(() => expect(calls(fetch, 'POST', '/approvals/uses')).toHaveLength(2));
    expect(calls(fetch, 'POST', '/approvals/uses')[1]).toEqual({ target: 'pto_type', ptoTypeId: 4, pathId: null, autoApprove: true });
    await waitFor(() => expect(within(sick).getByRole('switch', { name: 'Approve Sick automatically' })).toBeChecked());

    const timesheet = screen.getByRole('row', { name: 'Timesheet edit requests' });
    expect(within(timesheet).queryByRole('switch')).toBeNull();
    await waitFor(() => expect(within(timesheet).getByRole('combobox', { name: 'Approval path of Timesheet edit requests' })).toBeEnabled());
    await choose(user, timesheet, 'Approval path of Timesheet edit requests', 'Long vacations');
    await waitFor(() => expect(calls(fetch, 'POST', '/approvals/uses')).toHaveLength(3));
    expect(calls(fetch, 'POST', '/approvals/uses')[2]).toEqual({ target: 'timesheet_edits', pathId: 1, autoApprove: false });
  });

  it('chooses the fallback approver, and the admins again', async () => {
    const { fetch } = server();
    renderWithApp(<ApprovalPathsTab />);
    const user = userEvent.setup();
    const picker = await screen.findByRole('combobox', { name: 'Fallback approver' });
    expect(picker).toHaveValue("The company's admins");
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Maria Lopez' }));
    await waitFor(() => expect(calls(fetch, 'POST', '/approvals/fallback')).toEqual([{ personId: 12 }]));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Fallback approver' })).toHaveValue('Maria Lopez'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Fallback approver' })).toBeEnabled());
    await user.click(screen.getByRole('combobox', { name: 'Fallback approver' }));
    await user.click(await screen.findByRole('option', { name: "The company's admins" }));
    await waitFor(() => expect(calls(fetch, 'POST', '/approvals/fallback')).toEqual([{ personId: 12 }, { personId: null }]));
  });
});

describe('the path form', () => {
  it('sends named people only for named approvers, and empty hours as null', () => {
    const draft = pathDraft(null);
    draft.name = '  Sick time ';
    draft.steps[0] = { ...draft.steps[0]!, approvers: 'admins', people: ['12'], escalatePeople: ['14'], remindAfterHours: '', longerThanHours: '8' };
    expect(pathBody(draft)).toEqual({ name: 'Sick time', steps: [step({ approvers: 'admins', longerThanHours: 8 })] });
  });
});
