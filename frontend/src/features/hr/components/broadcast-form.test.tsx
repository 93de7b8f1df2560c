import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyOf } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { hrPolicy, hrServer, hrType, validation } from '../testing/hr-server';
import { BroadcastForm } from './broadcast-form';

const sentForm = (fetch: ReturnType<typeof hrServer>['fetch']) => {
  const call = fetch.mock.calls.filter(([url]) => String(url) === '/server/v1/policy/add-policy').at(-1);
  return call ? ((call[1] as RequestInit).body as FormData) : null;
};
const fields = (form: FormData) => Object.fromEntries([...form.entries()].filter(([key]) => key !== 'file'));

describe('the Add/Edit Broadcast panel', () => {
  let clicked: HTMLAnchorElement[] = [];
  beforeEach(() => {
    clicked = [];
    URL.createObjectURL = vi.fn(() => 'blob:test/1');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
  });

  it('asks for the title and the type of policy (active types only), then saves the content and the document as multipart', async () => {
    const { fetch } = hrServer({ policyTypes: [hrType({ id: 21, name: 'Conduct' }), hrType({ id: 23, name: 'Old kind', active: false })] });
    const onSaved = vi.fn();
    const shown = vi.spyOn(notifications, 'show');
    renderWithApp(<BroadcastForm policyId={null} onSaved={onSaved} />);
    const form = await screen.findByRole('form', { name: 'Add Broadcast' });
    const user = userEvent.setup({ applyAccept: false });
    await user.click(within(form).getByRole('button', { name: 'Next' }));
    expect(await within(form).findByText('Please input the Title')).toBeInTheDocument();
    expect(within(form).getByText('Please input the Type of policy')).toBeInTheDocument();
    expect(sentForm(fetch)).toBeNull();

    await user.type(within(form).getByRole('textbox', { name: 'Title' }), 'Remote work');
    await user.click(within(form).getByLabelText(/^Type of policy/, { selector: 'input' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Conduct']);
    await user.click(screen.getByRole('option', { name: 'Conduct' }));
    await user.click(await within(form).findByRole('textbox', { name: 'Content' }, { timeout: 45_000 }));
    await user.keyboard('Work from anywhere');
    // A document: its title is filled from the file's name, and can be changed.
    expect(within(form).queryByRole('textbox', { name: 'Document title' })).toBeNull();
    await user.upload(within(form).getByTestId('file-input'), new File(['x'], 'Remote policy.pdf', { type: 'application/pdf' }));
    const docName = within(form).getByRole('textbox', { name: 'Document title' });
    expect(docName).toHaveValue('Remote policy');
    await user.clear(docName);
    await user.type(docName, 'Remote work policy 2026');
    await user.click(within(form).getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(onSaved.mock.calls[0]![0]).toMatchObject({ title: 'Remote work', version: 1, document: { docName: 'Remote work policy 2026', docFileName: 'Remote policy.pdf' } });
    expect(shown).toHaveBeenCalledWith({ color: 'green', message: 'The Broadcast has been saved.' });
    const sent = sentForm(fetch)!;
    expect(fields(sent)).toEqual({ title: 'Remote work', policyTypeId: '21', content: '<p>Work from anywhere</p>', docName: 'Remote work policy 2026' });
    expect((sent.get('file') as File).name).toBe('Remote policy.pdf');
  });

  it("edits a policy: its content, its own (retired) type, its document's Download and Remove, and sends its id", async () => {
    const { fetch, state } = hrServer({
      policyTypes: [hrType({ id: 21, name: 'Conduct' }), hrType({ id: 23, name: 'Old kind', active: false })],
      policies: [
        hrPolicy({
          id: 71,
          title: 'Code of conduct',
          policyTypeId: 23,
          typeName: 'Old kind',
          version: 3,
          content: '<p>Be <strong>kind</strong></p>',
          document: { docName: 'Handbook', docFileName: 'handbook.pdf', docMediaType: 'application/pdf', docSize: 2048 },
        }),
      ],
    });
    const onSaved = vi.fn();
    renderWithApp(<BroadcastForm policyId={71} onSaved={onSaved} />);
    const form = await screen.findByRole('form', { name: 'Edit Broadcast' });
    expect(within(form).getByRole('textbox', { name: 'Title' })).toHaveValue('Code of conduct');
    expect(within(form).getByLabelText(/^Type of policy/, { selector: 'input' })).toHaveValue('Old kind');
    expect(within(form).getByTestId('policy-version')).toHaveTextContent('Version 3');
    const editor = await within(form).findByRole('textbox', { name: 'Content' }, { timeout: 45_000 });
    expect(editor.querySelector('strong')).toHaveTextContent('kind');

    const user = userEvent.setup();
    const attached = within(form).getByTestId('attached-file');
    expect(attached).toHaveTextContent('Handbook2.0 KB');
    await user.click(within(attached).getByRole('button', { name: 'Download Handbook' }));
    await waitFor(() => expect(clicked.map((a) => a.download)).toEqual(['Handbook 2026.pdf']));
    expect(bodyOf(fetch.mock.calls.find(([url]) => String(url) === '/server/v1/doc/policy')![1] as RequestInit)).toEqual({ id: 71 });

    await user.click(within(attached).getByRole('button', { name: 'Remove Handbook' }));
    await waitFor(() => expect(within(form).queryByTestId('attached-file')).toBeNull());
    expect(bodyOf(fetch.mock.calls.find(([url]) => String(url) === '/server/v1/policy/remove-doc')![1] as RequestInit)).toEqual({ id: 71 });
    expect(within(form).getByTestId('policy-version')).toHaveTextContent('Version 4');

    const title = within(form).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Code of conduct 2026');
    await user.click(within(form).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(fields(sentForm(fetch)!)).toEqual({ id: '71', title: 'Code of conduct 2026', policyTypeId: '23', content: '<p>Be <strong>kind</strong></p>' });
    expect(state.policies[0]).toMatchObject({ title: 'Code of conduct 2026', version: 5, document: null });
  });

  it("puts the server's field errors on their inputs", async () => {
    hrServer({ routes: { 'POST /policy/add-policy': () => validation({ title: ['Please input the Title'], file: ['This type of file is not accepted'] }) } });
    const onSaved = vi.fn();
    renderWithApp(<BroadcastForm policyId={null} onSaved={onSaved} />);
    const form = await screen.findByRole('form', { name: 'Add Broadcast' });
    const user = userEvent.setup({ applyAccept: false });
    await user.type(within(form).getByRole('textbox', { name: 'Title' }), ' x');
    await user.click(within(form).getByLabelText(/^Type of policy/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Conduct' }));
    await user.upload(within(form).getByTestId('file-input'), new File(['x'], 'tool.exe', { type: 'application/octet-stream' }));
    await user.click(within(form).getByRole('button', { name: 'Next' }));
    expect(await within(form).findByText('This type of file is not accepted')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
