import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { auditServer, callsTo, entry, lastQuery, validation } from '../testing/audit-server';
import { AuditTrailScreen } from './audit-trail-screen';

const ZONE = 'America/New_York';

const ENTRIES = [
  entry(),
  entry({
    id: 2,
    occurredAt: '2026-11-29T20:00:00Z',
    actor: { id: 2, name: 'Ann Admin' },
    impersonated: true,
    person: { id: 12, name: 'Cleo Cruz' },
    entity: 'person',
    entityId: '12',
    action: 'role_changed',
    changes: [{ field: 'permission', before: 'employee', after: 'manager' }],
    ip: '10.0.0.8',
    client: 'web',
  }),
  entry({
    id: 3,
    occurredAt: '2026-11-28T13:00:00Z',
    actor: { id: 5, name: 'Mia Manager' },
    onBehalfOf: { id: 6, name: 'Otto Out' },
    person: { id: 9, name: 'Bob Baker' },
    entity: 'time_off_request',
    entityId: '77',
    action: 'approved',
    changes: [{ field: 'status', before: 'pending', after: 'approved' }],
    ip: '192.168.1.4',
    client: 'kiosk',
  }),
  entry({
    id: 4,
    occurredAt: '2026-11-20T12:00:00Z',
    person: null,
    entity: 'holiday',
    entityId: '5',
    action: 'created',
    changes: [
      { field: 'name', before: null, after: 'Founders Day' },
      { field: 'holiday', before: null, after: '2026-12-04' },
    ],
    client: 'api',
  }),
];

const rows = () => screen.queryAllByTestId('audit-entry');
const rowOf = (id: number) => rows().find((row) => within(row).queryByText(`#${id}`) !== null) ?? null;

describe('/admin/manage/audit', () => {
  let clicked: HTMLAnchorElement[] = [];
  beforeEach(() => {
    clicked = [];
    URL.createObjectURL = vi.fn(() => 'blob:test/1');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
  });

  it('lists who changed what, when on the company clock, about whom, the changes and where from', async () => {
    const { fetch } = auditServer({ entries: ENTRIES });
    renderWithApp(<AuditTrailScreen timeZone={ZONE} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Audit Trail' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(lastQuery(fetch, '/audit')).toEqual({});
    const table = screen.getByRole('table', { name: 'Audit Trail' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['When', 'Who', 'About', 'What', 'Changes', 'From']);

    const shift = rows()[0]!;
    // 15:04 UTC is 10:04 AM in New York; the shift's times too.
    expect(within(shift).getByTestId('audit-when')).toHaveTextContent('11/30/2026 10:04 AM');
    expect(within(shift).getByTestId('audit-actor')).toHaveTextContent('Ann Admin');
    expect(within(shift).queryByTestId('audit-support')).toBeNull();
    expect(within(shift).getByTestId('audit-about')).toHaveTextContent('Bob Baker');
    expect(within(shift).getByTestId('audit-what')).toHaveTextContent('Shift updated');
    expect(within(shift).getByTestId('audit-change')).toHaveTextContent('clockIn: 11/30/2026 09:00 AM → 11/30/2026 08:30 AM');
    expect(within(shift).getByTestId('audit-from')).toHaveTextContent('127.0.0.1 · Web');

    // The platform's support acting as the admin.
    const support = rows()[1]!;
    expect(within(support).getAllByRole('cell')[1]).toHaveTextContent('Ann Admin (support)');
    expect(within(support).getByTestId('audit-what')).toHaveTextContent('Employee role changed');
    expect(within(support).getByTestId('audit-change')).toHaveTextContent('permission: employee → manager');

    // A stand-in deciding for someone out of office.
    const standIn = rows()[2]!;
    expect(within(standIn).getByTestId('audit-actor')).toHaveTextContent('Mia Manager');
    expect(within(standIn).getByTestId('audit-on-behalf')).toHaveTextContent('for Otto Out');
    expect(within(standIn).getByTestId('audit-what')).toHaveTextContent('Time off request approved');
    expect(within(standIn).getByTestId('audit-from')).toHaveTextContent('192.168.1.4 · Kiosk');

    // Created: nothing before; about nobody.
    const holiday = rowOf(5)!;
    expect(within(holiday).getByTestId('audit-about')).toHaveTextContent('—');
    expect(within(holiday).getByTestId('audit-what')).toHaveTextContent('Holiday created');
    expect(within(holiday).getAllByTestId('audit-change').map((c) => c.textContent)).toEqual(['name: — → Founders Day', 'holiday: — → 2026-12-04']);
    expect(within(holiday).getByTestId('audit-from')).toHaveTextContent('127.0.0.1 · API');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says so when nothing was recorded yet, and when nothing matches the filters', async () => {
    auditServer({ entries: [entry({ entity: 'shift' })] });
    renderWithApp(<AuditTrailScreen timeZone={ZONE} />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'What changed' }));
    await user.click(await screen.findByRole('option', { name: 'Holiday' }));
    expect(await screen.findByTestId('audit-empty')).toHaveTextContent('No change matches these filters.');

    auditServer({ entries: [] });
    renderWithApp(<AuditTrailScreen timeZone={ZONE} />);
    expect(await screen.findByText('No changes recorded yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('asks the server again with each filter: what changed, the person, and the days from and to', async () => {
    const { fetch } = auditServer({ entries: ENTRIES });
    renderWithApp(<AuditTrailScreen timeZone={ZONE} />);
    await waitFor(() => expect(rows()).toHaveLength(4));
    const user = userEvent.setup();
    const filters = screen.getByRole('search', { name: 'Filters' });

    await user.click(within(filters).getByRole('combobox', { name: 'What changed' }));
    const labels = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(labels).toEqual(expect.arrayContaining(['Shift', 'Timesheet edit request', 'Time off balance', 'Employee', 'Work location', 'Sign-in']));
    await user.click(screen.getByRole('option', { name: 'Holiday' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(lastQuery(fetch, '/audit')).toEqual({ entity: 'holiday' });
    expect(within(rows()[0]!).getByTestId('audit-what')).toHaveTextContent('Holiday created');

    await user.click(filters.querySelector<HTMLElement>('button[aria-label="Clear what changed"]')!);
    // Everything again (the first answer, kept).
    await waitFor(() => expect(rows()).toHaveLength(4));

    // The people the caller can see, searched as one types.
    await user.type(within(filters).getByRole('combobox', { name: 'Person' }), 'cle');
    await waitFor(() => expect(lastQuery(fetch, '/manage/employees')).toMatchObject({ q: 'cle' }));
    await user.click(await screen.findByRole('option', { name: 'Cleo Cruz' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(lastQuery(fetch, '/audit')).toEqual({ person: '12' });
    expect(within(rows()[0]!).getByTestId('audit-about')).toHaveTextContent('Cleo Cruz');

    await user.click(filters.querySelector<HTMLElement>('button[aria-label="Clear the person"]')!);
    await waitFor(() => expect(rows()).toHaveLength(4));
    await user.type(within(filters).getByRole('textbox', { name: 'From' }), '11/28/2026');
    await waitFor(() => expect(lastQuery(fetch, '/audit')).toEqual({ from: '2026-11-28' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.type(within(filters).getByRole('textbox', { name: 'To' }), '11/29/2026');
    await waitFor(() => expect(lastQuery(fetch, '/audit')).toEqual({ from: '2026-11-28', to: '2026-11-29' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  it("shows the server's 400 on the filter it is about", async () => {
    auditServer({ entries: ENTRIES });
    renderWithApp(<AuditTrailScreen timeZone={ZONE} />);
    await waitFor(() => expect(rows()).toHaveLength(4));
    const user = userEvent.setup();
    const filters = screen.getByRole('search', { name: 'Filters' });
    await user.type(within(filters).getByRole('textbox', { name: 'From' }), '11/29/2026');
    await user.type(within(filters).getByRole('textbox', { name: 'To' }), '11/20/2026');
    const to = within(filters).getByRole('textbox', { name: 'To' });
    await waitFor(() => expect(to).toHaveAccessibleDescription('The end date is before the start date.'));
    expect(within(filters).getByRole('textbox', { name: 'From' })).not.toHaveAccessibleDescription();
    expect(screen.queryByTestId('form-error')).toBeNull();
    expect(rows()).toHaveLength(0);
    expect(screen.queryByTestId('audit-empty')).toBeNull();
  });

  it("shows a 400 about no filter of the page (the person's id, the page link) above the table", async () => {
    auditServer({ entries: ENTRIES, routes: { 'GET /audit': () => validation({ actor: ['Choose a person.'] }) } });
    renderWithApp(<AuditTrailScreen timeZone={ZONE} />);
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Choose a person.');
  });

  it('loads 50 more with the cursor of the last page while there is a next one', async () => {
    const many = Array.from({ length: 5 }, (_, index) => entry({ id: 100 + index, entityId: String(500 + index) }));
    const { fetch } = auditServer({ entries: many, pageSize: 2 });
    renderWithApp(<AuditTrailScreen timeZone={ZONE} />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(lastQuery(fetch, '/audit')).toEqual({ cursor: '2' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(lastQuery(fetch, '/audit')).toEqual({ cursor: '4' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(rows().map((row) => within(row).getByText(/^#/).textContent)).toEqual(['#500', '#501', '#502', '#503', '#504']);
  });

  it('keeps the filters when loading more', async () => {
    const many = Array.from({ length: 3 }, (_, index) => entry({ id: 200 + index, entity: 'holiday', entityId: String(600 + index) }));
    const { fetch } = auditServer({ entries: [...many, entry({ id: 300 })], pageSize: 2 });
    renderWithApp(<AuditTrailScreen timeZone={ZONE} />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'What changed' }));
    await user.click(await screen.findByRole('option', { name: 'Holiday' }));
    await waitFor(() => expect(lastQuery(fetch, '/audit')).toEqual({ entity: 'holiday' }));
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(lastQuery(fetch, '/audit')).toEqual({ entity: 'holiday', cursor: '2' });
  });

  it('exports the current filters as a CSV, saved under the name the server gives', async () => {
    const { fetch } = auditServer({ entries: ENTRIES });
    renderWithApp(<AuditTrailScreen timeZone={ZONE} />);
    await waitFor(() => expect(rows()).toHaveLength(4));
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'What changed' }));
    await user.click(await screen.findByRole('option', { name: 'Employee' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.type(screen.getByRole('textbox', { name: 'From' }), '11/01/2026');
    await waitFor(() => expect(lastQuery(fetch, '/audit')).toEqual({ entity: 'person', from: '2026-11-01' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('audit-trail.csv');
    expect(lastQuery(fetch, '/audit/export')).toEqual({ entity: 'person', from: '2026-11-01' });
    // With the session's token, as every call.
    expect(callsTo(fetch, 'GET', '/audit/export')).toHaveLength(1);
  });

  it("shows a failed export's message", async () => {
    auditServer({
      entries: ENTRIES,
      routes: { 'GET /audit/export': () => new Response(JSON.stringify({ code: 'forbidden', message: 'Managers and admins only.' }), { status: 403, headers: { 'Content-Type': 'application/json' } }) },
    });
    renderWithApp(<AuditTrailScreen timeZone={ZONE} />);
    await waitFor(() => expect(rows()).toHaveLength(4));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Sorry Managers and admins only.');
    expect(clicked).toHaveLength(0);
  });
});
