import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { callsTo, delivery, endpoint, ROTATED_SECRET, SECRET, STILL_TRYING, validation, webhooksServer } from '../testing/webhooks-server';
import { WebhooksScreen } from './webhooks-screen';

const ZONE = 'America/New_York';

const PAYROLL = endpoint({
  id: 3,
  url: 'https://payroll.example.com/hooks/timekeep',
  events: ['employee.added', 'employee.terminated'],
  createdAt: '2026-11-30T15:04:05Z',
});
const CRM = endpoint({
  id: 2,
  url: 'https://crm.example.com/in',
  events: ['time_off.approved', 'custom.unknown'],
  active: false,
  createdAt: '2026-06-01T12:00:00Z',
});

const rows = () => screen.queryAllByTestId('webhook-endpoint');
const rowOf = (url: string) => rows().find((row) => within(row).getByTestId('webhook-url').textContent === url) ?? null;
const deliveryRows = () => screen.queryAllByTestId('webhook-delivery');
const urlBox = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: /^Endpoint URL/ });

async function openAdd(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
  return screen.findByRole('dialog', { name: 'Add an endpoint' });
}

describe('/admin/manage/webhooks', () => {
  it('lists the endpoints: the address, the events by their labels, On or Off, and when each was added', async () => {
    const { fetch } = webhooksServer({ endpoints: [PAYROLL, CRM] });
    renderWithApp(<WebhooksScreen timeZone={ZONE} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(callsTo(fetch, 'GET', '/webhooks')).toHaveLength(1);
    const table = screen.getByRole('table', { name: 'Webhook endpoints' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['URL', 'Events', 'Status', 'Created', 'Actions']);

    const payroll = rowOf(PAYROLL.url)!;
    expect(within(payroll).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Employee added', 'Employee terminated']);
    expect(within(payroll).getByTestId('webhook-active')).toHaveTextContent('On');
    // 15:04 UTC is 10:04 AM in New York.
    expect(within(payroll).getByTestId('webhook-created')).toHaveTextContent('11/30/2026 10:04 AM');
    for (const action of ['Deliveries of', 'Edit', 'Rotate secret of', 'Delete']) {
      expect(within(payroll).getByRole('button', { name: `${action} ${PAYROLL.url}` })).toBeInTheDocument();
    }

    const crm = rowOf(CRM.url)!;
    // An event this browser does not know is shown by its code.
    expect(within(crm).getByTestId('webhook-events')).toHaveTextContent('Time off approvedcustom.unknown');
    expect(within(crm).getByTestId('webhook-active')).toHaveTextContent('Off');
    expect(within(crm).getByTestId('webhook-created')).toHaveTextContent('06/01/2026 08:00 AM');
    // Secrets are never on the page.
    expect(document.body).not.toHaveTextContent('whsec_');
  });

  it('says when there is no endpoint yet, and shows a refusal of the list', async () => {
    webhooksServer();
    renderWithApp(<WebhooksScreen timeZone={ZONE} />);
    expect(await screen.findByTestId('webhooks-empty')).toHaveTextContent('There is no endpoint yet.');
    expect(screen.queryByRole('table')).toBeNull();

    webhooksServer({
      routes: { 'GET /webhooks': () => response({ status: 403, statusText: 'Forbidden', json: { code: 'forbidden', message: 'Admins only.', errors: {} } }) },
    });
    renderWithApp(<WebhooksScreen timeZone={ZONE} />);
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Admins only.');
  });

  it('checks the address and the events before asking the server, in its words', async () => {
    const { created } = webhooksServer({ endpoints: [PAYROLL] });
    renderWithApp(<WebhooksScreen timeZone={ZONE} />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    const user = userEvent.setup();
    const dialog = await openAdd(user);
    // The events the server offers, by their labels, in its order.
    const choices = within(dialog).getAllByRole('checkbox').map((box) => box.closest('.mantine-Checkbox-root')?.textContent);
    expect(choices).toEqual([
      'Time off requested',
      'Time off approved',
      'Time off rejected',
      'Time off cancelled',
      'Shift closed',
      'Timesheet edited',
      'Employee added',
      'Employee changed',
      'Employee terminated',
      'Policy acknowledged',
    ]);
    // Adding asks nothing about on or off: a new endpoint is on.
    expect(within(dialog).queryByRole('switch')).toBeNull();
    await user.type(urlBox(dialog), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(urlBox(dialog)).toHaveAccessibleDescription(expect.stringContaining("Please enter the endpoint's address"));
    expect(within(dialog).getByRole('group', { name: /^Events/ })).toHaveAccessibleDescription(expect.stringContaining('Please choose at least one event'));
    expect(created).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add an endpoint' })).toBeNull());
  });

  it("shows the server's 400 on the address and the events", async () => {
    const { created } = webhooksServer({ endpoints: [PAYROLL] });
    renderWithApp(<WebhooksScreen timeZone={ZONE} />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    const user = userEvent.setup();
    const dialog = await openAdd(user);
    await user.type(urlBox(dialog), 'http://hooks.example.com/in');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Shift closed' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(urlBox(dialog)).toHaveAccessibleDescription(expect.stringContaining('The address must start with https://')));
    expect(created).toEqual([{ url: 'http://hooks.example.com/in', events: ['shift.closed'] }]);
    expect(within(dialog).getByRole('group', { name: /^Events/ })).not.toHaveAccessibleDescription(expect.stringContaining('Please'));
    expect(within(dialog).queryByTestId('form-error')).toBeNull();
    expect(screen.queryByTestId('webhook-secret')).toBeNull();

    // Both fields at once, and a message about no field above the buttons.
    webhooksServer({
      endpoints: [PAYROLL],
      routes: {
        'POST /webhooks': () =>
          validation({
            url: ['This address is in a private or reserved network range, which webhooks cannot reach'],
            events: ['There is no event "time_off.deleted"'],
            request: ['This request is not valid.'],
          }),
      },
    });
    await user.clear(urlBox(dialog));
    await user.type(urlBox(dialog), 'https://10.0.0.8/in');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(urlBox(dialog)).toHaveAccessibleDescription(expect.stringContaining('This address is in a private or reserved network range, which webhooks cannot reach')),
    );
    expect(within(dialog).getByRole('group', { name: /^Events/ })).toHaveAccessibleDescription(expect.stringContaining('There is no event "time_off.deleted"'));
    expect(within(dialog).getByTestId('form-error')).toHaveTextContent('Sorry This request is not valid.');
  });

  it("shows a refusal of support acting as the admin above the form's buttons", async () => {
    webhooksServer({
      endpoints: [PAYROLL],
      routes: {
        'POST /webhooks': () =>
          response({ status: 403, statusText: 'Forbidden', json: { code: 'forbidden', message: 'Support cannot change this while acting as the user.', errors: {} } }),
      },
    });
    renderWithApp(<WebhooksScreen timeZone={ZONE} />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    const user = userEvent.setup();
    const dialog = await openAdd(user);
    await user.type(urlBox(dialog), 'https://hooks.example.com/in');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Employee added' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByTestId('form-error')).toHaveTextContent('Sorry Support cannot change this while acting as the user.');
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
  });

  it('adds an endpoint and shows its secret once, with a copy button; then it is gone from the page', async () => {
    const { created } = webhooksServer({ endpoints: [PAYROLL] });
    renderWithApp(<WebhooksScreen timeZone={ZONE} />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    const user = userEvent.setup();
    const dialog = await openAdd(user);
    await user.type(urlBox(dialog), '  https://hooks.example.com/in ');
    // Ticked out of order: sent in the server's order.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Employee added' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Time off approved' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    const shown = await screen.findByRole('dialog', { name: 'Endpoint added' });
    expect(created).toEqual([{ url: 'https://hooks.example.com/in', events: ['time_off.approved', 'employee.added'] }]);
    expect(screen.queryByRole('dialog', { name: 'Add an endpoint' })).toBeNull();
    expect(shown).toHaveTextContent('Deliveries to https://hooks.example.com/in are signed with this secret.');
    expect(within(shown).getByText('You will not see it again')).toBeInTheDocument();
    expect(within(shown).getByTestId('webhook-secret')).toHaveTextContent(SECRET);
    await user.click(within(shown).getByRole('button', { name: 'Copy the secret' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(within(shown).getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    // The list asked again: the new endpoint, on.
    await waitFor(() => expect(rows()).toHaveLength(2));
    const added = rowOf('https://hooks.example.com/in')!;
    expect(within(added).getByTestId('webhook-events')).toHaveTextContent('Time off approvedEmployee added');
    expect(within(added).getByTestId('webhook-active')).toHaveTextContent('On');

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Endpoint added' })).toBeNull());
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
    expect(document.body).not.toHaveTextContent(SECRET);
  });

  it('edits an endpoint: its address, its events, and turns it off', async () => {
    const { updated, fetch } = webhooksServer({ endpoints: [PAYROLL] });
    renderWithApp(<WebhooksScreen timeZone={ZONE} />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: `Edit ${PAYROLL.url}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the endpoint' });
    expect(urlBox(dialog)).toHaveValue(PAYROLL.url);
    expect(within(dialog).getByRole('checkbox', { name: 'Employee added' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Employee terminated' })).toBeChecked();
    const active = within(dialog).getByRole('switch', { name: 'Active' });
    expect(active).toBeChecked();

    await user.clear(urlBox(dialog));
    await user.type(urlBox(dialog), 'https://payroll.example.com/v2');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Employee terminated' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Employee changed' }));
    await user.click(active);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit the endpoint' })).toBeNull());
    expect(updated).toEqual([{ id: 3, url: 'https://payroll.example.com/v2', events: ['employee.added', 'employee.changed'], active: false }]);
    expect(Object.fromEntries(callsTo(fetch, 'POST', '/webhooks/update')[0]!.url.searchParams)).toEqual({ id: '3' });
    const row = rowOf('https://payroll.example.com/v2')!;
    expect(within(row).getByTestId('webhook-active')).toHaveTextContent('Off');
    expect(within(row).getByTestId('webhook-events')).toHaveTextContent('Employee addedEmployee changed');
    // The answer replaced the row: the list was not asked again.
    expect(callsTo(fetch, 'GET', '/webhooks')).toHaveLength(1);
  });

  it('rotates the secret only after the question is answered, and shows the new one once', async () => {
    const { fetch } = webhooksServer({ endpoints: [PAYROLL] });
    renderWithApp(<WebhooksScreen timeZone={ZONE} />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: `Rotate secret of ${PAYROLL.url}` }));
    let question = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    expect(question).toHaveTextContent(`Deliveries to ${PAYROLL.url} are signed with a new secret from now on`);
    expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rotate the signing secret?' })).toBeNull());
    expect(callsTo(fetch, 'POST', '/webhooks/rotate-secret')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: `Rotate secret of ${PAYROLL.url}` }));
    question = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    await user.click(within(question).getByRole('button', { name: 'Rotate secret' }));
    const shown = await screen.findByRole('dialog', { name: 'New signing secret' });
    const calls = callsTo(fetch, 'POST', '/webhooks/rotate-secret');
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ id: '3' });
    expect(within(shown).getByTestId('webhook-secret')).toHaveTextContent(ROTATED_SECRET);
    expect(within(shown).getByText('You will not see it again')).toBeInTheDocument();
    expect(shown).toHaveTextContent('the old one no longer works');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rotate the signing secret?' })).toBeNull());
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());
    expect(document.body).not.toHaveTextContent(ROTATED_SECRET);
  });

  it('deletes an endpoint only after the question is answered', async () => {
    const { fetch } = webhooksServer({ endpoints: [PAYROLL, CRM] });
    renderWithApp(<WebhooksScreen timeZone={ZONE} />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: `Delete ${CRM.url}` }));
    let question = await screen.findByRole('dialog', { name: 'Delete this endpoint?' });
    expect(question).toHaveTextContent(`Nothing more is sent to ${CRM.url}, and its deliveries are deleted with it.`);
    expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this endpoint?' })).toBeNull());
    expect(callsTo(fetch, 'POST', '/webhooks/delete')).toHaveLength(0);
    expect(rows()).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: `Delete ${CRM.url}` }));
    question = await screen.findByRole('dialog', { name: 'Delete this endpoint?' });
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rowOf(CRM.url)).toBeNull();
    const calls = callsTo(fetch, 'POST', '/webhooks/delete');
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ id: '2' });
    // The answer is the list: nothing asked again.
    expect(callsTo(fetch, 'GET', '/webhooks')).toHaveLength(1);
  });

  it('shows why an endpoint could not be deleted', async () => {
    webhooksServer({
      endpoints: [PAYROLL],
      routes: { 'POST /webhooks/delete': () => response({ status: 404, statusText: 'Not Found', json: { code: 'not_found', message: 'This webhook was not found.', errors: {} } }) },
    });
    renderWithApp(<WebhooksScreen timeZone={ZONE} />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: `Delete ${PAYROLL.url}` }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete this endpoint?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Sorry This webhook was not found.');
    expect(rows()).toHaveLength(1);
  });

  it("shows an endpoint's deliveries on the company's clock, their payload, and sends a delivered one again", async () => {
    const PENDING = delivery({
      id: 12,
      endpointId: 3,
      eventId: 'evt_aaaaaaaaaaaaaaaaaaaaaaaa',
      event: 'employee.added',
      createdAt: '2026-12-01T15:30:00Z',
      status: 'pending',
      attempts: 1,
      nextAttemptAt: '2026-12-01T15:31:00Z',
      deliveredAt: null,
      lastStatus: 500,
      lastError: 'The endpoint answered 500',
    });
    const DELIVERED = delivery({ id: 11, endpointId: 3, eventId: 'evt_bbbbbbbbbbbbbbbbbbbbbbbb', event: 'employee.terminated', createdAt: '2026-12-01T14:15:00Z' });
    const FAILED = delivery({
      id: 10,
      endpointId: 3,
      eventId: 'evt_cccccccccccccccccccccccc',
      createdAt: '2026-11-29T10:00:00Z',
      status: 'failed',
      attempts: 7,
      deliveredAt: null,
      lastStatus: null,
      lastError: 'Connection refused',
    });
    const server = webhooksServer({ endpoints: [PAYROLL, CRM], deliveries: [FAILED, DELIVERED, PENDING] });
    renderWithApp(<WebhooksScreen timeZone={ZONE} />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: `Deliveries of ${PAYROLL.url}` }));
    const panel = await screen.findByRole('region', { name: `Deliveries to ${PAYROLL.url}` });
    await waitFor(() => expect(deliveryRows()).toHaveLength(3));
    expect(Object.fromEntries(callsTo(server.fetch, 'GET', '/webhooks/deliveries')[0]!.url.searchParams)).toEqual({ endpointId: '3', page: '1' });
    const table = within(panel).getByRole('table', { name: 'Deliveries' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Event', 'Event id', 'Created', 'Status', 'Attempts', 'Last answer', 'Actions']);

    // Newest first.
    const [pending, delivered, failed] = deliveryRows() as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(pending).getByTestId('webhook-delivery-event')).toHaveTextContent('Employee added');
    expect(within(pending).getByTestId('webhook-delivery-event-id')).toHaveTextContent('evt_aaaaaaaaaaaaaaaaaaaaaaaa');
    // 15:30 UTC is 10:30 AM in New York.
    expect(within(pending).getByTestId('webhook-delivery-created')).toHaveTextContent('12/01/2026 10:30 AM');
    expect(within(pending).getByTestId('webhook-delivery-status')).toHaveTextContent('Pending');
    expect(within(pending).getByTestId('webhook-delivery-next')).toHaveTextContent('Next try 12/01/2026 10:31 AM');
    expect(within(pending).getByTestId('webhook-delivery-attempts')).toHaveTextContent('1');
    expect(within(pending).getByTestId('webhook-delivery-last')).toHaveTextContent('500: The endpoint answered 500');
    // Still being tried: it cannot be sent again.
    expect(within(pending).queryByRole('button', { name: /^Resend/ })).toBeNull();

    expect(within(delivered).getByTestId('webhook-delivery-event')).toHaveTextContent('Employee terminated');
    expect(within(delivered).getByTestId('webhook-delivery-status')).toHaveTextContent('Delivered');
    expect(within(delivered).getByTestId('webhook-delivery-last')).toHaveTextContent('204');
    expect(within(failed).getByTestId('webhook-delivery-status')).toHaveTextContent('Failed');
    expect(within(failed).getByTestId('webhook-delivery-attempts')).toHaveTextContent('7');
    expect(within(failed).getByTestId('webhook-delivery-last')).toHaveTextContent('Connection refused');
    expect(within(failed).getByRole('button', { name: 'Resend evt_cccccccccccccccccccccccc' })).toBeInTheDocument();

    // The payload, indented, on demand.
    const toggle = within(delivered).getByRole('button', { name: 'Payload' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(within(delivered).getByRole('button', { name: 'Hide payload' })).toHaveAttribute('aria-expanded', 'true');
    const payload = within(panel).getByTestId('webhook-delivery-payload');
    expect(payload.textContent).toBe(JSON.stringify(JSON.parse(DELIVERED.payload), null, 2));
    expect(payload.textContent).toContain('"id": "evt_bbbbbbbbbbbbbbbbbbbbbbbb"');
    await user.click(within(delivered).getByRole('button', { name: 'Hide payload' }));
    expect(within(panel).queryByTestId('webhook-delivery-payload')).toBeNull();

    // Resend: the answer replaces the row (pending again, attempts anew).
    await user.click(within(delivered).getByRole('button', { name: 'Resend evt_bbbbbbbbbbbbbbbbbbbbbbbb' }));
    await waitFor(() => expect(within(deliveryRows()[1]!).getByTestId('webhook-delivery-status')).toHaveTextContent('Pending'));
    const resent = callsTo(server.fetch, 'POST', '/webhooks/resend');
    expect(resent).toHaveLength(1);
    expect(Object.fromEntries(resent[0]!.url.searchParams)).toEqual({ id: '11' });
    expect(within(deliveryRows()[1]!).getByTestId('webhook-delivery-attempts')).toHaveTextContent('0');
    expect(within(deliveryRows()[1]!).queryByRole('button', { name: /^Resend/ })).toBeNull();
    expect(within(panel).getByRole('status')).toHaveTextContent('evt_bbbbbbbbbbbbbbbbbbbbbbbb is being sent again.');

    // The sender delivers it; Refresh shows it.
    server.setDeliveries([FAILED, { ...DELIVERED, attempts: 1, deliveredAt: '2026-12-01T16:00:00Z' }, PENDING]);
    await user.click(within(panel).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(within(deliveryRows()[1]!).getByTestId('webhook-delivery-status')).toHaveTextContent('Delivered'));
    expect(callsTo(server.fetch, 'GET', '/webhooks/deliveries')).toHaveLength(2);

    // Another endpoint's deliveries: none yet. Close hides the panel.
    await user.click(screen.getByRole('button', { name: `Deliveries of ${CRM.url}` }));
    const other = await screen.findByRole('region', { name: `Deliveries to ${CRM.url}` });
    expect(await within(other).findByTestId('webhook-deliveries-empty')).toHaveTextContent('Nothing has been sent to this endpoint yet.');
    expect(screen.queryByRole('region', { name: `Deliveries to ${PAYROLL.url}` })).toBeNull();
    await user.click(within(other).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('webhook-deliveries')).toBeNull();
  });

  it('shows why a delivery could not be sent again', async () => {
    webhooksServer({
      endpoints: [PAYROLL],
      deliveries: [delivery({ id: 5, endpointId: 3, status: 'failed', deliveredAt: null, lastStatus: 410, lastError: 'The endpoint answered 410' })],
      routes: { 'POST /webhooks/resend': () => validation({ id: [STILL_TRYING] }) },
    });
    renderWithApp(<WebhooksScreen timeZone={ZONE} />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: `Deliveries of ${PAYROLL.url}` }));
    await waitFor(() => expect(deliveryRows()).toHaveLength(1));
    await user.click(within(deliveryRows()[0]!).getByRole('button', { name: /^Resend/ }));
    const panel = screen.getByTestId('webhook-deliveries');
    expect(await within(panel).findByTestId('form-error')).toHaveTextContent(`Sorry ${STILL_TRYING}`);
    expect(within(deliveryRows()[0]!).getByTestId('webhook-delivery-status')).toHaveTextContent('Failed');
  });

  it('pages through the deliveries, 50 at a time', async () => {
    const many = Array.from({ length: 51 }, (_, i) => delivery({ id: i + 1, endpointId: 3, eventId: `evt_${String(i + 1).padStart(24, '0')}` }));
    const { fetch } = webhooksServer({ endpoints: [PAYROLL], deliveries: many });
    renderWithApp(<WebhooksScreen timeZone={ZONE} />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: `Deliveries of ${PAYROLL.url}` }));
    await waitFor(() => expect(deliveryRows()).toHaveLength(50));
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(deliveryRows()).toHaveLength(1));
    expect(within(deliveryRows()[0]!).getByTestId('webhook-delivery-event-id')).toHaveTextContent(`evt_${'1'.padStart(24, '0')}`);
    expect(Object.fromEntries(callsTo(fetch, 'GET', '/webhooks/deliveries')[1]!.url.searchParams)).toEqual({ endpointId: '3', page: '2' });
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Newer' }));
    await waitFor(() => expect(deliveryRows()).toHaveLength(50));
  });
});
