import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { identitySchema } from '@/lib/identity';
import { PIN_MESSAGE } from '@/lib/kiosk';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { claims } from '@/testing/tokens';
import { HAS_PIN, KioskPinButton, NO_PIN, PIN_SAVED, PINS_DIFFER } from './kiosk-pin';

const identity = identitySchema.parse(claims({ eid: 9, firstname: 'Emma' }));

function server(initial: boolean) {
  let hasPin = initial;
  const posts: unknown[] = [];
  const fetch = mockFetch({
    'GET /clock/pin': () => response({ json: { hasPin } }),
    'POST /clock/pin': (init) => {
      const body = bodyOf(init) as { pin: string };
      posts.push(body);
      if (body.pin === '1212') return response({ status: 400, statusText: 'Bad Request', json: { code: 'validation', message: 'x', errors: { pin: [PIN_MESSAGE] } } });
      hasPin = true;
      return response({ json: { hasPin } });
    },
  });
  return { fetch, posts };
}

const pinCalls = (fetch: ReturnType<typeof mockFetch>) => fetch.mock.calls.filter(([url]) => String(url) === '/server/v1/clock/pin');

describe('the clock page\'s kiosk PIN', () => {
  it('asks whether there is a PIN only once opened, and chooses one', async () => {
    const { fetch, posts } = server(false);
    renderWithApp(<KioskPinButton identity={identity} />);
    const user = userEvent.setup();
    expect(pinCalls(fetch)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Kiosk PIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your kiosk PIN' });
    expect(await within(dialog).findByTestId('kiosk-pin-state')).toHaveTextContent(NO_PIN);
    const pin = within(dialog).getByLabelText(/^PIN/);
    expect(pin).toHaveAttribute('inputmode', 'numeric');
    expect(pin).toHaveAttribute('type', 'password');

    // Both the same, first.
    await user.type(pin, '4711');
    await user.type(within(dialog).getByLabelText(/^Type it again/), '4712');
    await user.click(within(dialog).getByRole('button', { name: 'Save PIN' }));
    expect(await within(dialog).findByText(PINS_DIFFER)).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Type it again/), '{Backspace}1');
    await user.click(within(dialog).getByRole('button', { name: 'Save PIN' }));
    expect(await within(dialog).findByText(PIN_SAVED)).toBeInTheDocument();
    expect(posts).toEqual([{ pin: '4711' }]);
    expect(within(dialog).getByTestId('kiosk-pin-state')).toHaveTextContent(HAS_PIN);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your kiosk PIN' })).toBeNull());
  });

  it("shows the server's refusal on the field", async () => {
    const { posts } = server(true);
    renderWithApp(<KioskPinButton identity={identity} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Kiosk PIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your kiosk PIN' });
    expect(await within(dialog).findByTestId('kiosk-pin-state')).toHaveTextContent(HAS_PIN);
    const pin = within(dialog).getByLabelText(/^New PIN/);
    // Too short never leaves the form.
    await user.type(pin, '121');
    await user.click(within(dialog).getByRole('button', { name: 'Save PIN' }));
    expect(await within(dialog).findByText(PIN_MESSAGE)).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    await user.type(pin, '2');
    await user.type(within(dialog).getByLabelText(/^Type it again/), '1212');
    await user.click(within(dialog).getByRole('button', { name: 'Save PIN' }));
    await waitFor(() => expect(posts).toEqual([{ pin: '1212' }]));
    expect(await within(dialog).findByText(PIN_MESSAGE)).toBeInTheDocument();
    expect(pin).toHaveAttribute('aria-invalid', 'true');
  });
});
