import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bodyOf } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { hrRequest, hrServer } from '../testing/hr-server';
import { DocRequestsTab } from './doc-requests-tab';

describe("the folder's HR Doc Request tab", () => {
  it('lists requests with their state, due date and who asked; sorts by due date', async () => {
    const { fetch } = hrServer({
      requests: [
        hrRequest({}),
        hrRequest({ id: 62, name: 'W-4', onboardingDoc: true, overdue: true, dueDate: '2026-02-01' }),
        hrRequest({ id: 63, status: 1, completeDate: '2026-03-04T15:00:00Z' }),
        hrRequest({ id: 64, status: 2, cancelDate: '2026-03-05T15:00:00Z' }),
      ],
    });
    renderWithApp(<DocRequestsTab employeeId={9} timeZone="America/New_York" />);
    await waitFor(() => expect(screen.getAllByTestId('hr-doc-request')).toHaveLength(4));
    const rows = screen.getAllByTestId('hr-doc-request');
    expect(rows[0]).toHaveTextContent('Cancelled Mar 05, 2026');
    expect(rows[1]).toHaveTextContent('Fulfilled Mar 04, 2026');
    expect(rows[2]).toHaveTextContent('W-4OnboardingOverdue');
    expect(rows[3]).toHaveTextContent('ContractOpen');
    expect(rows[3]).toHaveTextContent('Due Apr 01, 2026');
    expect(rows[3]).toHaveTextContent('Requested Mar 01, 2026 · by Ada Admin');
    // Only open requests can be cancelled.
    expect(screen.getAllByRole('button', { name: /^Cancel the request for/ })).toHaveLength(2);

    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Sort by', { selector: 'input' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Type of document', 'Due date', 'Newest']);
    await user.click(screen.getByRole('option', { name: 'Due date' }));
    await waitFor(() => expect(screen.getAllByTestId('hr-doc-request')[0]).toHaveTextContent('W-4'));
    const last = fetch.mock.calls.map(([url]) => String(url)).filter((u) => u.includes('/manage/doc-requests')).at(-1);
    expect(last).toBe('/server/v1/manage/doc-requests?id=9&page=1&sort=dueDate');
  });

  it("cancels an open request after 'Are you sure to cancel this?'", async () => {
    const { fetch } = hrServer({ requests: [hrRequest({})] });
    const shown = vi.spyOn(notifications, 'show');
    renderWithApp(<DocRequestsTab employeeId={9} timeZone="America/New_York" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel the request for Contract' }));
    const question = await screen.findByRole('dialog', { name: 'Cancel the request' });
    expect(question).toHaveTextContent('Are you sure to cancel this?');
    await user.click(within(question).getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(screen.getByTestId('hr-doc-request')).toHaveTextContent('Cancelled'));
    expect(screen.queryByRole('button', { name: 'Cancel the request for Contract' })).toBeNull();
    expect(shown).toHaveBeenCalledWith({ color: 'green', message: 'The request has been cancelled.' });
    expect(bodyOf(fetch.mock.calls.find(([url]) => String(url) === '/server/v1/manage/cancel-doc-request')![1] as RequestInit)).toEqual({ id: 61 });
  });

  it('says Sorry and why when the request was fulfilled meanwhile (409)', async () => {
    const { state } = hrServer({ requests: [hrRequest({})] });
    renderWithApp(<DocRequestsTab employeeId={9} timeZone="America/New_York" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel the request for Contract' }));
    state.requests[0] = { ...state.requests[0]!, status: 1 };
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancel the request' })).getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry This document request has been fulfilled.');
    await waitFor(() => expect(screen.getByTestId('hr-doc-request')).toHaveTextContent('Fulfilled'));
  });

  it('says when nothing was asked for', async () => {
    hrServer();
    renderWithApp(<DocRequestsTab employeeId={9} timeZone="America/New_York" />);
    expect(await screen.findByText('There is no document request yet')).toBeInTheDocument();
  });
});
