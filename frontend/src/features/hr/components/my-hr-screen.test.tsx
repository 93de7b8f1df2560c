import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyOf } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { hrDoc, hrEvent, hrRequest, hrServer } from '../testing/hr-server';
import { MyHrScreen } from './my-hr-screen';

const TZ = 'America/New_York';

describe('My HR (/my-hr)', () => {
  let clicked: HTMLAnchorElement[] = [];
  beforeEach(() => {
    clicked = [];
    URL.createObjectURL = vi.fn(() => 'blob:test/1');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
  });

  it("shows 'My Events' with rich-text comments and the acknowledgement, and 'My Docs' without an Upload button", async () => {
    hrServer({
      myEvents: [
        hrEvent({ id: 41, ackneeded: 1, ackedon: '2026-03-03T14:05:00Z' }),
        hrEvent({ id: 43, title: 'Safety briefing', comments: '<p>Read the <em>handbook</em></p>', ackneeded: 1 }),
        hrEvent({ id: 44, title: 'Kudos', comments: '' }),
      ],
      myDocs: [hrDoc({})],
    });
    renderWithApp(<MyHrScreen timeZone={TZ} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'My HR' })).toBeInTheDocument();
    expect(document.title).toBe('My HR | Timekeep');
    await waitFor(() => expect(screen.getAllByTestId('my-event')).toHaveLength(3));
    // Newest first.
    const [plain, waiting, acked] = screen.getAllByTestId('my-event');
    expect(acked).toHaveTextContent('Quarterly review');
    expect(within(acked!).getByTestId('acknowledged-at')).toHaveTextContent('Acknowledged 03/03/2026 09:05 AM');
    expect(within(waiting!).getByTestId('rich-text').querySelector('em')).toHaveTextContent('handbook');
    expect(within(waiting!).getByRole('button', { name: 'Acknowledge Safety briefing' })).toBeInTheDocument();
    expect(within(plain!).queryByRole('button', { name: /^Acknowledge/ })).toBeNull();

    const doc = await screen.findByTestId('my-doc');
    expect(doc).toHaveTextContent('Offer letter');
    expect(doc).toHaveTextContent('Signed offer');
    expect(doc).toHaveTextContent('Feb 10, 2026');
    expect(within(screen.getByTestId('my-docs-card')).queryByRole('button', { name: /upload/i })).toBeNull();
    // The third card: the policies sent to them (none here).
    const policies = screen.getByTestId('my-policies-card');
    expect(within(policies).getByRole('heading', { level: 2, name: 'HR Policies & Procedures' })).toBeInTheDocument();
    expect(await within(policies).findByText('There is no policy for you yet')).toBeInTheDocument();
  });

  it('acknowledges an event: the box enables Acknowledge, then the panel closes and the list shows the time', async () => {
    const { fetch } = hrServer({ myEvents: [hrEvent({ id: 43, title: 'Safety briefing', ackneeded: 1, doc: { docFileName: 'rules.pdf', docMediaType: 'application/pdf', docSize: 3 * 1024 * 1024 } })] });
    const shown = vi.spyOn(notifications, 'show');
    renderWithApp(<MyHrScreen timeZone={TZ} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Acknowledge Safety briefing' }));
    const panel = await screen.findByRole('dialog', { name: 'Event Detail' });
    expect(await within(panel).findByTestId('attached-file')).toHaveTextContent('rules.pdf3.0 MB');
    expect(within(panel).getByText('Awaiting acknowledgement')).toBeInTheDocument();
    const acknowledge = within(panel).getByRole('button', { name: 'Acknowledge' });
    expect(acknowledge).toBeDisabled();
    await user.click(within(panel).getByRole('checkbox', { name: 'I have fully reviewed and understand the policy.' }));
    expect(acknowledge).toBeEnabled();
    await user.click(acknowledge);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Event Detail' })).toBeNull());
    expect(await screen.findByTestId('acknowledged-at')).toHaveTextContent('Acknowledged 03/06/2026 10:30 AM');
    expect(shown).toHaveBeenCalledWith({ color: 'green', message: 'Thank you for acknowledging the event.' });
    expect(bodyOf(fetch.mock.calls.find(([url]) => String(url) === '/server/v1/profile/affirm-event')![1] as RequestInit)).toEqual({ id: 43 });
  });

  it('opens a document’s detail with its type, date and description, and downloads it', async () => {
    const { fetch } = hrServer({ myDocs: [hrDoc({})] });
    renderWithApp(<MyHrScreen timeZone={TZ} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Offer letter' }));
    const panel = await screen.findByRole('dialog', { name: 'Document Detail' });
    const details = within(panel).getByTestId('document-details');
    expect(details).toHaveTextContent('Contract');
    expect(details).toHaveTextContent('Feb 10, 2026');
    expect(details).toHaveTextContent('Signed offer');
    await user.click(within(details).getByRole('button', { name: 'Download offer-letter.pdf' }));
    await waitFor(() => expect(clicked.map((a) => a.download)).toEqual(['Offer letter é.pdf']));
    expect(fetch.mock.calls.some(([url]) => String(url) === '/server/v1/doc/view')).toBe(true);
  });

  it('lists the documents asked of the person in My Docs; Upload answers one, which then shows among the documents', async () => {
    const { fetch, state } = hrServer({
      myDocs: [hrDoc({})],
      myRequests: [hrRequest({ id: 61, name: 'W-4', docTypeId: 12, dueDate: '2026-03-20', comments: 'For payroll', overdue: true }), hrRequest({ id: 62, name: 'I-9', status: 1 })],
    });
    const shown = vi.spyOn(notifications, 'show');
    renderWithApp(<MyHrScreen timeZone={TZ} />);
    const card = screen.getByTestId('my-docs-card');
    // Only the open request: the answered one is a document now.
    const asked = await within(card).findByTestId('my-doc-request');
    expect(within(card).getAllByTestId('my-doc-request')).toHaveLength(1);
    expect(asked).toHaveTextContent('W-4');
    expect(asked).toHaveTextContent('Overdue');
    expect(asked).toHaveTextContent('Requested · due Mar 20, 2026');
    expect(asked).toHaveTextContent('For payroll');
    expect(await within(card).findByTestId('my-doc')).toHaveTextContent('Offer letter');

    const user = userEvent.setup({ applyAccept: false });
    await user.click(within(asked).getByRole('button', { name: 'Upload W-4' }));
    const dock = await screen.findByRole('dialog', { name: 'W-4' });
    const form = within(dock).getByRole('form', { name: 'Upload W-4' });
    await user.upload(within(form).getByTestId('file-input'), new File(['x'], 'w4 2026.pdf', { type: 'application/pdf' }));
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('w4 2026');
    await user.type(within(form).getByRole('textbox', { name: 'Brief Description' }), 'Signed');
    await user.click(within(form).getByRole('button', { name: 'Upload' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'W-4' })).toBeNull());
    expect(shown).toHaveBeenCalledWith({ color: 'green', message: 'The Document has been uploaded.' });
    await waitFor(() => expect(within(card).queryByTestId('my-doc-request')).toBeNull());
    await waitFor(() => expect(within(card).getAllByTestId('my-doc').map((doc) => doc.querySelector('button')?.textContent)).toContain('w4 2026'));
    expect(state.myRequests[0]!.status).toBe(1);
    const sent = fetch.mock.calls.find(([url]) => String(url) === '/server/v1/profile/add-doc')![1] as RequestInit;
    expect((sent.body as FormData).get('reqId')).toBe('61');
  });

  it('pages My Docs 10 at a time and says when there is nothing', async () => {
    const docs = Array.from({ length: 11 }, (_, i) => hrDoc({ id: 200 + i, docName: `Doc ${i + 1}` }));
    hrServer({ myDocs: docs });
    renderWithApp(<MyHrScreen timeZone={TZ} />);
    await waitFor(() => expect(screen.getAllByTestId('my-doc')).toHaveLength(10));
    expect(screen.getByText('There is no event for you yet')).toBeInTheDocument();
    await userEvent.setup().click(within(screen.getByTestId('my-docs-card')).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getAllByTestId('my-doc')).toHaveLength(1));
  });
});
