import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { callsTo, calendarServer } from '../testing/calendar-server';
import { CalendarFeedButton, FEED_TEXTS } from './calendar-feed-button';

const FIRST = 'https://timekeep.test/server/v1/calendar-feed/first-secret.ics';
const SECOND = 'https://timekeep.test/server/v1/calendar-feed/second-secret.ics';

describe("the calendar feed ('Subscribe')", () => {
  it('asks for the private link only when opened, shows it with a copy button and how to use it', async () => {
    const fetch = calendarServer();
    renderWithApp(<CalendarFeedButton />);
    const user = userEvent.setup();
    expect(callsTo(fetch, 'GET', '/calendar-feed/mine')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    const popover = await screen.findByTestId('calendar-feed');
    expect(await within(popover).findByLabelText('Your calendar link')).toHaveValue(FIRST);
    expect(popover).toHaveTextContent("Google Calendar (Other calendars › 'From URL')");
    expect(popover).toHaveTextContent("Outlook (Add calendar › 'Subscribe from web')");
    expect(callsTo(fetch, 'GET', '/calendar-feed/mine')).toHaveLength(1);

    await user.click(within(popover).getByRole('button', { name: 'Copy link' }));
    expect(await within(popover).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(FIRST);
  });

  it("'Reset link' explains that the old link stops working, and only then makes a new one", async () => {
    const fetch = calendarServer();
    renderWithApp(<CalendarFeedButton />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    const popover = await screen.findByTestId('calendar-feed');
    await within(popover).findByDisplayValue(FIRST);

    await user.click(within(popover).getByRole('button', { name: 'Reset link' }));
    expect(within(popover).getByTestId('feed-reset-question')).toHaveTextContent(FEED_TEXTS.resetQuestion);
    await user.click(within(popover).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetch, 'POST', '/calendar-feed/reset')).toHaveLength(0);

    await user.click(within(popover).getByRole('button', { name: 'Reset link' }));
    await user.click(within(popover).getByRole('button', { name: 'Make a new link' }));
    await waitFor(() => expect(within(popover).getByLabelText('Your calendar link')).toHaveValue(SECOND));
    expect(within(popover).getByText(FEED_TEXTS.resetDone)).toBeInTheDocument();
    expect(callsTo(fetch, 'POST', '/calendar-feed/reset')).toHaveLength(1);
    // The new link is the one asked for from now on: no second GET made a link of its own.
    expect(callsTo(fetch, 'GET', '/calendar-feed/mine')).toHaveLength(1);
  });
});
