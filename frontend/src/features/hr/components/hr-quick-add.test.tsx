import { screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bodyOf, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { hrServer, hrType, validation } from '../testing/hr-server';
import { HrQuickAdd, type AutoStart } from './hr-quick-add';

const json200 = (body: unknown) => response({ json: body });
const fileNamed = (name: string, type = 'application/pdf', bytes = 10) => new File([new Uint8Array(bytes)], name, { type });
const formOf = (fetch: ReturnType<typeof hrServer>['fetch'], path: string) => {
  const call = fetch.mock.calls.find(([url]) => String(url).startsWith(`/server/v1${path}`));
  return call ? ((call[1] as RequestInit).body as FormData) : null;
};

function renderQuickAdd({ autoStart = null, onSaved = vi.fn(), onAutoStartDone = vi.fn() }: { autoStart?: AutoStart | null; onSaved?: () => void; onAutoStartDone?: () => void } = {}) {
  renderWithApp(<HrQuickAdd employeeId={9} timeZone="America/New_York" autoStart={autoStart} onAutoStartDone={onAutoStartDone} onSaved={onSaved} />, {
    path: '/admin/manage/view-user/9',
  });
  return { onSaved, onAutoStartDone };
}

const openFromMenu = async (label: string) => {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Add to the folder' }));
  await user.click(await screen.findByRole('menuitem', { name: label }));
};

describe("the folder's quick add", () => {
  it('offers HR Event, HR Doc and HR Doc Request from the split button', async () => {
    hrServer();
    renderQuickAdd();
    expect(screen.getByRole('button', { name: 'Add HR Event' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add to the folder' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual(['HR Event', 'HR Doc', 'HR Doc Request']);
  });

  it("adds an event: checks the title and type, sends the form as multipart with the editor's HTML and the flags", async () => {
    const { fetch } = hrServer();
    const shown = vi.spyOn(notifications, 'show');
    const { onSaved } = renderQuickAdd();
    const user = userEvent.setup({ applyAccept: false });
    await user.click(screen.getByRole('button', { name: 'Add HR Event' }));
    const dock = await screen.findByRole('dialog', { name: 'Add HR Event' });
    // Only the active event types are offered.
    await user.click(await within(dock).findByRole('button', { name: 'Save' }));
    expect(await within(dock).findByText('Please input the Title')).toBeInTheDocument();
    expect(within(dock).getByText('Please input the Type of event')).toBeInTheDocument();
    expect(formOf(fetch, '/manage/add-event')).toBeNull();

    await user.type(within(dock).getByRole('textbox', { name: 'Title' }), 'Written warning');
    await user.click(within(dock).getByLabelText(/^Type of event/, { selector: 'input' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Review', 'Warning']);
    await user.click(screen.getByRole('option', { name: 'Warning' }));
    const editor = await within(dock).findByRole('textbox', { name: 'Comments' }, { timeout: 45_000 });
    await user.click(editor);
    await user.keyboard('Late three times');
    await user.click(within(dock).getByRole('checkbox', { name: 'Needs acknowledgement' }));
    await user.click(within(dock).getByRole('checkbox', { name: 'Only visible to the employee and admins' }));
    await user.upload(within(dock).getByTestId('file-input'), fileNamed('note.pdf'));
    await user.click(within(dock).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('event'));
    expect(shown).toHaveBeenCalledWith({ color: 'green', message: 'The Event has been saved.' });
    const sent = formOf(fetch, '/manage/add-event')!;
    expect(Object.fromEntries([...sent.entries()].filter(([key]) => key !== 'file'))).toEqual({
      employeeId: '9',
      eventTypeId: '2',
      title: 'Written warning',
      comments: '<p>Late three times</p>',
      ackneeded: '1',
      onlyVisibleToOwner: '1',
    });
    expect((sent.get('file') as File).name).toBe('note.pdf');
  });

  it('Escape in the action date picker closes the picker only; closing over the typed event asks first (issue 36)', async () => {
    hrServer();
    renderQuickAdd();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add HR Event' }));
    const dock = await screen.findByRole('dialog', { name: 'Add HR Event' });
    await user.type(await within(dock).findByRole('textbox', { name: 'Title' }), 'Written warning');
    const picker = () => document.querySelector('[data-dates-dropdown]');
    await user.click(within(dock).getByRole('textbox', { name: 'Action date' }));
    await waitFor(() => expect(picker()).not.toBeNull());

    await user.keyboard('{Escape}');
    await waitFor(() => expect(picker()).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Add HR Event' })).toBeInTheDocument();
    expect(within(dock).getByRole('textbox', { name: 'Title' })).toHaveValue('Written warning');

    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard unsaved changes?' })).not.toBeInTheDocument());
    expect(within(dock).getByRole('textbox', { name: 'Title' })).toHaveValue('Written warning');

    await user.click(within(dock).getByRole('button', { name: 'Close' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add HR Event' })).not.toBeInTheDocument());
  });

  it("puts the server's field errors on their inputs", async () => {
    hrServer({ routes: { 'POST /manage/add-event': () => validation({ file: ['This type of file is not accepted'], title: ['Please input the Title'] }) } });
    renderQuickAdd();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add HR Event' }));
    const dock = await screen.findByRole('dialog', { name: 'Add HR Event' });
    await user.type(await within(dock).findByRole('textbox', { name: 'Title' }), ' x');
    await user.click(within(dock).getByLabelText(/^Type of event/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Review' }));
    await user.click(within(dock).getByRole('button', { name: 'Save' }));
    expect(await within(dock).findByText('This type of file is not accepted')).toBeInTheDocument();
    expect(within(dock).getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dock).queryByRole('alert')).toBeNull();
  });

  it('adds a document: a file is required, and choosing one fills an empty title with its name', async () => {
    const { fetch } = hrServer();
    const shown = vi.spyOn(notifications, 'show');
    const { onSaved } = renderQuickAdd();
    await openFromMenu('HR Doc');
    const dock = await screen.findByRole('dialog', { name: 'Add HR Document' });
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await within(dock).findByRole('button', { name: 'Save' }));
    expect(await within(dock).findByText('Please upload the Document')).toBeInTheDocument();
    expect(within(dock).getByText('Please input the Document title')).toBeInTheDocument();
    expect(within(dock).getByText('Please input the Type of document')).toBeInTheDocument();

    await user.upload(within(dock).getByTestId('file-input'), fileNamed('Offer letter.v2.pdf'));
    expect(within(dock).getByRole('textbox', { name: 'Document title' })).toHaveValue('Offer letter.v2');
    await user.click(within(dock).getByLabelText(/^Type of document/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'W-4' }));
    await user.type(within(dock).getByRole('textbox', { name: 'Brief description' }), 'Signed');
    await user.click(within(dock).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('doc'));
    expect(shown).toHaveBeenCalledWith({ color: 'green', message: 'The Document has been saved.' });
    const sent = formOf(fetch, '/manage/add-doc')!;
    expect(sent.get('docName')).toBe('Offer letter.v2');
    expect(sent.get('docTypeId')).toBe('12');
    expect(sent.get('comments')).toBe('Signed');
    expect((sent.get('file') as File).name).toBe('Offer letter.v2.pdf');
  });

  it('keeps a title typed before the file is chosen, and refuses a file over 10 MB', async () => {
    hrServer();
    renderQuickAdd();
    await openFromMenu('HR Doc');
    const dock = await screen.findByRole('dialog', { name: 'Add HR Document' });
    const user = userEvent.setup({ applyAccept: false });
    await user.type(await within(dock).findByRole('textbox', { name: 'Document title' }), 'Handbook');
    await user.upload(within(dock).getByTestId('file-input'), fileNamed('big.pdf', 'application/pdf', 10 * 1024 * 1024 + 1));
    expect(within(dock).getByRole('textbox', { name: 'Document title' })).toHaveValue('Handbook');
    await user.click(within(dock).getByRole('button', { name: 'Save' }));
    expect(await within(dock).findByText('The file must be 10 MB or smaller')).toBeInTheDocument();
  });

  it('asks for a document: type and due date are required; an onboarding type says so; the server’s refusal shows on the field', async () => {
    let refuse = true;
    const { fetch } = hrServer({
      routes: {
        'POST /manage/add-doc-request': (init) => {
          if (refuse) {
            refuse = false;
            return validation({ dueDate: ['The due date cannot be in the past'] });
          }
          const body = bodyOf(init) as { docTypeId: number; dueDate: string; comments: string };
          return json200({ ...body, id: 70, employeeId: 9, name: 'W-4', createDate: '2026-03-01T15:00:00Z', completeDate: null, cancelDate: null, status: 0, overdue: false, onboardingDoc: true, requestedBy: 'Ada Admin' });
        },
      },
    });
    const shown = vi.spyOn(notifications, 'show');
    const { onSaved } = renderQuickAdd();
    await openFromMenu('HR Doc Request');
    const dock = await screen.findByRole('dialog', { name: 'Add HR Doc Request' });
    const user = userEvent.setup();
    await user.click(await within(dock).findByRole('button', { name: 'Send Request' }));
    expect(await within(dock).findByText('Please input the Type of document')).toBeInTheDocument();
    expect(within(dock).getByText('Please input the Due date')).toBeInTheDocument();

    await user.click(within(dock).getByLabelText(/^Type of document/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'W-4' }));
    expect(within(dock).getByTestId('onboarding-doc')).toHaveTextContent('Onboarding document');
    await user.type(within(dock).getByRole('textbox', { name: 'Due date' }), '12/31/2099');
    await user.type(within(dock).getByRole('textbox', { name: 'Comments' }), 'Before your first day');
    await user.click(within(dock).getByRole('button', { name: 'Send Request' }));
    expect(await within(dock).findByText('The due date cannot be in the past')).toBeInTheDocument();
    await user.click(within(dock).getByRole('button', { name: 'Send Request' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('request'));
    expect(shown).toHaveBeenCalledWith({ color: 'green', message: 'The Document Request has been sent.' });
    const calls = fetch.mock.calls.filter(([url]) => String(url) === '/server/v1/manage/add-doc-request');
    expect(bodyOf(calls[1]![1] as RequestInit)).toEqual({ employeeId: 9, docTypeId: 12, dueDate: '2099-12-31', comments: 'Before your first day' });
  });

  it('opens the dock ?autoStart= names on arrival, and says so when it closes', async () => {
    hrServer();
    const { onAutoStartDone } = renderQuickAdd({ autoStart: { kind: 'event', key: 'k1' } });
    const dock = await screen.findByRole('dialog', { name: 'Add HR Event' });
    expect(await within(dock).findByRole('textbox', { name: 'Title' })).toBeInTheDocument();
    await userEvent.setup().click(within(dock).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(onAutoStartDone).toHaveBeenCalledTimes(1));
  });

  it('leads to the settings when there is no type to choose', async () => {
    hrServer({ eventTypes: [hrType({ id: 3, name: 'Old kind', active: false })] });
    renderQuickAdd();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add HR Event' }));
    const dock = await screen.findByRole('dialog', { name: 'Add HR Event' });
    expect(await within(dock).findByTestId('no-types')).toHaveTextContent('There is no event type yet.');
    expect(within(dock).getByRole('link', { name: 'Set up the types' })).toHaveAttribute(
      'href',
      `/admin/manage/settings?tab=5&return=${encodeURIComponent('/admin/manage/view-user/9')}`,
    );
  });
});
