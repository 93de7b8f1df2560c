import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyOf } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { hrDoc, hrServer } from '../testing/hr-server';
import { DocumentsTab } from './documents-tab';

const docsCalls = (fetch: ReturnType<typeof hrServer>['fetch']) =>
  fetch.mock.calls.map(([url]) => new URL(String(url), 'http://x')).filter((u) => u.pathname === '/server/v1/manage/user-docs');

describe("the folder's HR Documents tab", () => {
  let clicked: HTMLAnchorElement[] = [];
  beforeEach(() => {
    clicked = [];
    URL.createObjectURL = vi.fn(() => 'blob:test/1');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
  });

  it('lists the documents with their type, description, date and file; sorts by name and filters by type', async () => {
    const { fetch } = hrServer({
      docs: [hrDoc({}), hrDoc({ id: 52, docName: 'Benefits form', docTypeId: 12, docType: 'W-4', comments: '', docFileName: 'w4.pdf', docSize: 900 })],
    });
    renderWithApp(<DocumentsTab employeeId={9} timeZone="America/New_York" />);
    await waitFor(() => expect(screen.getAllByTestId('hr-document')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('hr-document');
    expect(first).toHaveTextContent('Benefits form');
    expect(first).toHaveTextContent('w4.pdf (900 bytes)');
    expect(second).toHaveTextContent('Signed offer');
    expect(second).toHaveTextContent('Added Feb 10, 2026');
    expect(second).toHaveTextContent('offer-letter.pdf (244 KB)');

    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Sort by', { selector: 'input' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Name', 'Type', 'Newest']);
    await user.click(screen.getByRole('option', { name: 'Name' }));
    await waitFor(() => expect(docsCalls(fetch).at(-1)!.search).toBe('?id=9&page=1&sort=docName'));
    await user.click(screen.getByLabelText('Type', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Contract' }));
    await waitFor(() => expect(screen.getAllByTestId('hr-document')).toHaveLength(1));
    expect(docsCalls(fetch).at(-1)!.search).toBe('?id=9&page=1&docTypeId=11&sort=docName');
  });

  it('opens a document in its dock and downloads it under the name of the answer (filename*)', async () => {
    const { fetch } = hrServer({ docs: [hrDoc({})] });
    renderWithApp(<DocumentsTab employeeId={9} timeZone="America/New_York" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Offer letter' }));
    const dock = await screen.findByRole('dialog', { name: 'HR Document' });
    const details = await within(dock).findByTestId('document-details');
    expect(details).toHaveTextContent('Contract');
    expect(details).toHaveTextContent('Feb 10, 2026');
    expect(details).toHaveTextContent('Signed offer');
    await user.click(within(details).getByRole('button', { name: 'Download offer-letter.pdf' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('Offer letter é.pdf');
    expect(bodyOf(fetch.mock.calls.find(([url]) => String(url) === '/server/v1/doc/view')![1] as RequestInit)).toEqual({ id: 51 });
  });

  it('deletes a document after the question; a refusal says Sorry and why', async () => {
    let refuse = true;
    hrServer({
      docs: [hrDoc({})],
      routes: {
        'POST /manage/delete-doc': () => {
          if (refuse) {
            refuse = false;
            return new Response(JSON.stringify({ code: 'not_found', message: 'This document is gone.', errors: {} }), { status: 404, headers: { 'Content-Type': 'application/json' } });
          }
          return new Response(JSON.stringify({ message: 'The Document has been deleted.' }), { headers: { 'Content-Type': 'application/json' } });
        },
      },
    });
    renderWithApp(<DocumentsTab employeeId={9} timeZone="America/New_York" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Offer letter' }));
    const dock = await screen.findByRole('dialog', { name: 'HR Document' });
    await user.click(await within(dock).findByRole('button', { name: 'Delete' }));
    let question = await screen.findByRole('dialog', { name: 'Delete HR Document' });
    expect(question).toHaveTextContent('Are you sure to delete this? Once it is deleted, it can be undone.');
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    expect(await within(dock).findByRole('alert')).toHaveTextContent('Sorry This document is gone.');
    await user.click(within(dock).getByRole('button', { name: 'Delete' }));
    question = await screen.findByRole('dialog', { name: 'Delete HR Document' });
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'HR Document' })).toBeNull());
  });
});
