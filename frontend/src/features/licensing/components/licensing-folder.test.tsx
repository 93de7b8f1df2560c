import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { appointment, callsTo, credit, folder, licence, licensingServer, requirement, TODAY } from '../testing/licensing-server';
import { LicensingFolderSection, MyLicensingCard } from './licensing-folder';

const TX = licence({ requirements: [requirement()] });

const progressTexts = (scope: HTMLElement) => within(scope).getAllByTestId('ce-progress-text').map((text) => text.textContent);

async function choose(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement, label: RegExp, option: string) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe("the employee folder's Licensing tab", () => {
  it('shows the licences with their compliance, the CE bars per requirement, credits, appointments and the red banner', async () => {
    licensingServer({
      folder: folder({
        expired: true,
        licences: [TX, licence({ id: 22, state: 'CA', number: 'CA-9', residency: 'non_resident', compliance: 'expired', status: 'lapsed', statusOn: '2026-10-31', expiresOn: '2026-10-31' })],
        credits: [credit()],
        appointments: [appointment()],
      }),
    });
    renderWithApp(<LicensingFolderSection employeeId={9} mode="manage" today={TODAY} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('A licence has expired');
    const rows = screen.getAllByTestId('licence-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('TX1234567General Lines AgentLife, Accident & HealthResident06/01/202505/31/2027Active');
    expect(within(rows[1]!).getByTestId('compliance-status')).toHaveTextContent('Expired');
    expect(rows[1]).toHaveTextContent('Lapsed since 10/31/2026');
    expect(screen.getByRole('textbox', { name: /NPN/ })).toHaveValue('1234567');
    // The TX credit (1 h of ethics, in the cycle) counts.
    const ce = screen.getByRole('article', { name: 'CE of TX 1234567' });
    expect(progressTexts(ce)).toEqual(['Total 1 of 24 h', 'Ethics 1 of 3 h']);
    expect(screen.getByTestId('credit-row')).toHaveTextContent('Ethics for agents');
    expect(screen.getByTestId('appointment-row')).toHaveTextContent('Acme Life');
  });

  it("adds a licence: the form's own checks, then the server's messages on their fields", async () => {
    const { fetch } = licensingServer({ folder: folder() });
    renderWithApp(<LicensingFolderSection employeeId={9} mode="manage" today={TODAY} />);
    expect(await screen.findByTestId('no-licences')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add licence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add licence' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Please enter the licence number')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one line of authority.')).toBeInTheDocument();
    expect(callsTo(fetch, 'POST', '/licensing/licences')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /^Licence number/ }), 'x'.repeat(45));
    await user.type(within(dialog).getByRole('textbox', { name: /^Licence type/ }), 'General Lines Agent');
    await user.click(within(dialog).getByRole('combobox', { name: /^Lines of authority/ }));
    await user.click(await screen.findByRole('option', { name: 'Life' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Issued/ }), '06/01/2025');
    await user.type(within(dialog).getByRole('textbox', { name: /^Expires/ }), '05/31/2027');
    // The browser lets 45 characters through (the field allows 60); the server refuses them.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('At most 40 characters.')).toBeInTheDocument();

    const number = within(dialog).getByRole('textbox', { name: /^Licence number/ });
    await user.clear(number);
    await user.type(number, '7654321');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add licence' })).toBeNull());
    expect(bodyOf(callsTo(fetch, 'POST', '/licensing/licences').at(-1)!.init)).toEqual({
      employeeId: 9,
      state: 'TX',
      number: '7654321',
      licenceType: 'General Lines Agent',
      lines: ['life'],
      residency: 'resident',
      issuedOn: '2025-06-01',
      status: 'active',
      expiresOn: '2027-05-31',
    });
    expect(await screen.findByTestId('licence-row')).toHaveTextContent('7654321');
  });

  it("adds a CE requirement with the hours left to the state's rule (shown as placeholders)", async () => {
    const { fetch } = licensingServer({ folder: folder({ licences: [licence()] }) });
    renderWithApp(<LicensingFolderSection employeeId={9} mode="manage" today={TODAY} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add CE requirement to TX 1234567' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add CE requirement' });
    const total = within(dialog).getByRole('textbox', { name: /^Total hours/ });
    expect(total).toHaveValue('');
    expect(total).toHaveAttribute('placeholder', '24');
    expect(within(dialog).getByRole('textbox', { name: /^Cycle starts/ })).toHaveValue('06/01/2025');
    expect(within(dialog).getByRole('textbox', { name: /^Due/ })).toHaveValue('05/31/2027');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add CE requirement' })).toBeNull());
    expect(bodyOf(callsTo(fetch, 'POST', '/licensing/requirements')[0]!.init)).toEqual({ licenceId: 21, cycleStart: '2025-06-01', dueOn: '2027-05-31' });
    const ce = await screen.findByRole('article', { name: 'CE of TX 1234567' });
    await waitFor(() => expect(progressTexts(ce)).toEqual(['Total 0 of 24 h', 'Ethics 0 of 3 h']));
  });

  it('shows the NPN refusal on its field', async () => {
    licensingServer({ folder: folder({ npn: null }) });
    renderWithApp(<LicensingFolderSection employeeId={9} mode="manage" today={TODAY} />);
    const user = userEvent.setup();
    const npn = await screen.findByRole('textbox', { name: /NPN/ });
    // The field's own check lets digits through; the server's rule (1 to 10 digits) is the same, shown where it applies.
    await user.type(npn, '12a');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An NPN is 1 to 10 digits.')).toBeInTheDocument();
  });
});

describe("My HR's 'My Licensing'", () => {
  it('shows nothing to someone with nothing on file, nor when the server hides the folder', async () => {
    const empty = licensingServer({ folder: folder({ npn: null, residentState: null }) });
    const { unmount } = renderWithApp(<MyLicensingCard employeeId={9} today={TODAY} />);
    await waitFor(() => expect(callsTo(empty.fetch, 'GET', '/licensing/people/9')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId('my-licensing-card')).toBeNull();
    unmount();
    const hidden = licensingServer({ folder: folder({ employeeId: 10 }) });
    renderWithApp(<MyLicensingCard employeeId={9} today={TODAY} />);
    await waitFor(() => expect(callsTo(hidden.fetch, 'GET', '/licensing/people/9')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId('my-licensing-card')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reads the licences without changing them, and adds a CE credit with its certificate: the ethics bar moves', async () => {
    const { fetch } = licensingServer({ folder: folder({ licences: [TX], appointments: [appointment()] }) });
    renderWithApp(<MyLicensingCard employeeId={9} today={TODAY} />);
    const card = await screen.findByTestId('my-licensing-card');
    expect(within(card).getByRole('heading', { name: 'My Licensing' })).toBeInTheDocument();
    expect(within(card).getByTestId('producer-npn')).toHaveTextContent('1234567');
    expect(within(card).queryByRole('button', { name: 'Add licence' })).toBeNull();
    expect(within(card).queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Add appointment' })).toBeNull();
    const ce = within(card).getByRole('article', { name: 'CE of TX 1234567' });
    expect(progressTexts(ce)).toEqual(['Total 0 of 24 h', 'Ethics 0 of 3 h']);

    const user = userEvent.setup({ applyAccept: false });
    await user.click(within(card).getByRole('button', { name: 'Add CE credit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add CE credit' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Course/ }), 'Ethics in insurance');
    await user.type(within(dialog).getByRole('textbox', { name: /^Hours/ }), '250');
    await choose(user, dialog, /^Topic/, 'Ethics');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Between 0.25 and 200 hours.')).toBeInTheDocument();
    expect(callsTo(fetch, 'POST', '/licensing/credits')).toHaveLength(0);

    const hours = within(dialog).getByRole('textbox', { name: /^Hours/ });
    await user.clear(hours);
    await user.type(hours, '2');
    // A certificate the server refuses: its message on the field.
    await user.upload(within(dialog).getByTestId('certificate-input'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please upload a PDF or an image.')).toBeInTheDocument();

    await user.upload(within(dialog).getByTestId('certificate-input'), new File(['%PDF-1.4'], 'certificate.pdf', { type: 'application/pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add CE credit' })).toBeNull());
    const sent = callsTo(fetch, 'POST', '/licensing/credits').at(-1)!.init.body as FormData;
    expect((sent.get('certificate') as File).name).toBe('certificate.pdf');
    expect(Object.fromEntries([...sent.entries()].filter(([key]) => key !== 'certificate'))).toEqual({
      employeeId: '9',
      state: 'TX',
      course: 'Ethics in insurance',
      provider: '',
      hours: '2',
      topic: 'ethics',
      completedOn: TODAY,
    });
    await waitFor(() => expect(progressTexts(within(card).getByRole('article', { name: 'CE of TX 1234567' }))).toEqual(['Total 2 of 24 h', 'Ethics 2 of 3 h']));
    expect(within(card).getByRole('button', { name: 'Download the certificate of Ethics in insurance' })).toBeInTheDocument();

    // The person removes their own credit.
    await user.click(within(card).getByRole('button', { name: 'Delete Ethics in insurance' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(progressTexts(within(card).getByRole('article', { name: 'CE of TX 1234567' }))).toEqual(['Total 0 of 24 h', 'Ethics 0 of 3 h']));
  });
});
