import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyOf } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { hrEvent, hrServer } from '../testing/hr-server';
import { EventsTab } from './events-tab';

const eventsCalls = (fetch: ReturnType<typeof hrServer>['fetch']) =>
  fetch.mock.calls.map(([url]) => new URL(String(url), 'http://x')).filter((u) => u.pathname === '/server/v1/manage/user-events');

/** 12 events: a page of 10 and one of 2. */
const MANY = Array.from({ length: 12 }, (_, i) => hrEvent({ id: 100 + i, title: `Event ${String(i + 1).padStart(2, '0')}`, eventTypeId: i % 2 ? 2 : 1, eventTypeName: i % 2 ? 'Warning' : 'Review' }));

describe("the folder's HR Events tab", () => {
  let clicked: HTMLAnchorElement[] = [];
  beforeEach(() => {
    clicked = [];
    URL.createObjectURL = vi.fn(() => 'blob:test/1');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('pages 10 at a time, newest first, sorts and filters by type on the server', async () => {
    const { fetch } = hrServer({ events: MANY });
    renderWithApp(<EventsTab employeeId={9} timeZone="America/New_York" />);
    await waitFor(() => expect(screen.getAllByTestId('hr-event')).toHaveLength(10));
    expect(screen.getAllByTestId('hr-event')[0]).toHaveTextContent('Event 12');
    expect(eventsCalls(fetch)[0]!.search).toBe('?id=9&page=1&sort=-id');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getAllByTestId('hr-event')).toHaveLength(2));

    await user.click(screen.getByLabelText('Sort by', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Title' }));
    await waitFor(() => expect(screen.getAllByTestId('hr-event')[0]).toHaveTextContent('Event 01'));
    expect(eventsCalls(fetch).at(-1)!.search).toBe('?id=9&page=1&sort=title');

    await user.click(screen.getByLabelText('Type', { selector: 'input' }));
    // Every type of the company, retired ones marked.
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['-- All --', 'Review', 'Warning', 'Old kind (inactive)']);
    await user.click(screen.getByRole('option', { name: 'Warning' }));
    await waitFor(() => expect(screen.getAllByTestId('hr-event')).toHaveLength(6));
    expect(eventsCalls(fetch).at(-1)!.search).toBe('?id=9&page=1&eventTypeId=2&sort=title');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('shows an event in its dock: details, rich-text comments, acknowledgement and the file, downloaded under its own name', async () => {
    const { fetch } = hrServer({
      events: [
        hrEvent({
          ackneeded: 1,
          ackedon: '2026-03-03T14:05:00Z',
          onlyVisibleToOwner: 1,
          doc: { docFileName: 'photo.png', docMediaType: 'image/png', docSize: 2048 },
        }),
      ],
    });
    renderWithApp(<EventsTab employeeId={9} timeZone="America/New_York" />);
    const row = await screen.findByTestId('hr-event');
    expect(row).toHaveTextContent('Added Mar 01, 2026');
    expect(row).toHaveTextContent('Action date Mar 02, 2026');
    expect(row).toHaveTextContent('Acknowledged 03/03/2026 09:05 AM');
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Quarterly review' }));
    const dock = await screen.findByRole('dialog', { name: 'HR Event' });
    const details = await within(dock).findByTestId('event-details');
    expect(within(details).getByTestId('rich-text').querySelector('strong')).toHaveTextContent('quarter');
    expect(details).toHaveTextContent('Only visible to the employee and admins');
    expect(details).toHaveTextContent('Ada Admin');
    expect(within(details).getByTestId('attached-file')).toHaveTextContent('photo.png2.0 KB');
    await user.click(within(details).getByRole('button', { name: 'Download photo.png' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('photo.png');
    const download = fetch.mock.calls.find(([url]) => String(url) === '/server/v1/doc/event')!;
    expect((download[1] as RequestInit).method).toBe('POST');
    expect(bodyOf(download[1] as RequestInit)).toEqual({ id: 41 });
  });

  it('deletes an event after the question, closes the dock and lists the rest', async () => {
    const { fetch } = hrServer({ events: [hrEvent({}), hrEvent({ id: 42, title: 'Kudos' })] });
    const shown = vi.spyOn(notifications, 'show');
    renderWithApp(<EventsTab employeeId={9} timeZone="America/New_York" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Quarterly review' }));
    const dock = await screen.findByRole('dialog', { name: 'HR Event' });
    await user.click(await within(dock).findByRole('button', { name: 'Delete' }));
    const question = await screen.findByRole('dialog', { name: 'Delete HR Event' });
    expect(question).toHaveTextContent('Are you sure to delete this? Once it is deleted, it can be undone.');
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'HR Event' })).toBeNull());
    await waitFor(() => expect(screen.getAllByTestId('hr-event').map((r) => r.querySelector('button')?.textContent)).toEqual(['Kudos']));
    expect(shown).toHaveBeenCalledWith({ color: 'green', message: 'The Event has been deleted.' });
    expect(bodyOf(fetch.mock.calls.find(([url]) => String(url) === '/server/v1/manage/delete-event')![1] as RequestInit)).toEqual({ id: 41 });
  });

  it('says when there is no event', async () => {
    hrServer({ events: [] });
    renderWithApp(<EventsTab employeeId={9} timeZone="America/New_York" />);
    expect(await screen.findByText('There is no HR event yet')).toBeInTheDocument();
  });
});
