import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { TwoFactorCard } from './two-factor-card';

type Handler = Parameters<typeof mockFetch>[0][string];
const json = (body: unknown): Handler => () => response({ json: body });
const apiError = (status: number, code: string, message: string, errors: Record<string, string[]> = {}) =>
  response({ status, statusText: String(status), json: { code, message, errors, requestId: 'r1' } });

const SETUP = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Timekeep:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Timekeep',
  qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const codes = (prefix: string) => Array.from({ length: 10 }, (_, i) => `${prefix}${i}aaa-bbbb${i}`);

interface State {
  enabled: boolean;
  required: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
}

/** The server's two-factor state, changed by the card's writes. */
function server(initial: Partial<State>, handlers: Record<string, Handler> = {}) {
  const state: State = { enabled: false, required: false, enabledAt: null, recoveryCodesLeft: 0, ...initial };
  const fetch = mockFetch({
    'GET /account/two-factor': () => response({ json: state }),
    ...handlers,
  });
  return { state, fetch };
}

const calls = (fetch: ReturnType<typeof mockFetch>, path: string) =>
  fetch.mock.calls.filter(([url]) => String(url) === `/server/v1${path}`).map(([, init]) => bodyOf(init!));

const codeField = () => screen.getByRole('textbox', { name: /^Authentication code/ });

describe("My Profile's two-factor sign-in", () => {
  it('sets it up: QR code and secret key, a code turns it on, then the ten recovery codes', async () => {
    let enable: Handler = () => apiError(400, 'validation', 'Validation failed', { code: ['The code is not correct.'] });
    const { state, fetch } = server(
      {},
      {
        'POST /account/two-factor/setup': json(SETUP),
        'POST /account/two-factor/enable': (init) => enable(init),
      },
    );
    renderWithApp(<TwoFactorCard />);
    const card = await screen.findByTestId('two-factor-card');
    expect(within(card).getByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(await within(card).findByTestId('two-factor-state')).toHaveTextContent('Off');
    expect(within(card).queryByRole('button', { name: 'Turn off' })).toBeNull();

    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Set up' }));
    expect(await within(card).findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute('src', SETUP.qrCode);
    expect(within(card).getByRole('textbox', { name: /^Secret key/ })).toHaveValue(SETUP.secret);
    expect(calls(fetch, '/account/two-factor/setup')).toEqual([{}]);

    await user.click(within(card).getByRole('button', { name: 'Turn on' }));
    expect(await within(card).findByText('Please input the Authentication code')).toBeInTheDocument();
    await user.type(codeField(), '111111');
    await user.click(within(card).getByRole('button', { name: 'Turn on' }));
    expect(await within(card).findByText('The code is not correct.')).toBeInTheDocument();
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');

    enable = () => {
      Object.assign(state, { enabled: true, enabledAt: '2026-04-02T15:00:00Z', recoveryCodesLeft: 10 });
      return response({ json: { recoveryCodes: codes('a') } });
    };
    await user.clear(codeField());
    await user.type(codeField(), '222 222');
    await user.click(within(card).getByRole('button', { name: 'Turn on' }));
    const shown = await within(card).findAllByTestId('recovery-code');
    expect(shown.map((c) => c.textContent)).toEqual(codes('a'));
    expect(calls(fetch, '/account/two-factor/enable')).toEqual([{ code: '111111' }, { code: '222222' }]);

    await user.click(within(card).getByRole('button', { name: 'I have saved these codes' }));
    expect(await within(card).findByText('Two-factor sign-in is on.')).toBeInTheDocument();
    expect(within(card).queryAllByTestId('recovery-code')).toHaveLength(0);
    await waitFor(() => expect(within(card).getByTestId('two-factor-state')).toHaveTextContent('On'));
    expect(card).toHaveTextContent('On since 04/02/2026. Recovery codes left: 10.');
    expect(within(card).getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
  });

  it('turns it off with the password and a code, showing a wrong password on its field', async () => {
    let disable: Handler = () => apiError(400, 'validation', 'Validation failed', { password: ['Incorrect password.'] });
    const { state, fetch } = server(
      { enabled: true, enabledAt: '2026-03-01T12:00:00Z', recoveryCodesLeft: 7 },
      { 'POST /account/two-factor/disable': (init) => disable(init) },
    );
    renderWithApp(<TwoFactorCard />);
    const card = await screen.findByTestId('two-factor-card');
    await within(card).findByText(/Recovery codes left: 7\./);
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Turn off' }));
    const form = within(card).getByRole('form', { name: 'Turn off two-factor sign-in' });
    await user.click(within(form).getByRole('button', { name: 'Turn off' }));
    expect(await within(form).findByText('Please input the Password')).toBeInTheDocument();
    expect(within(form).getByText('Please input the Authentication code')).toBeInTheDocument();
    expect(calls(fetch, '/account/two-factor/disable')).toHaveLength(0);

    const password = within(form).getByLabelText(/^Password/, { selector: 'input' });
    await user.type(password, 'wrong-one');
    await user.type(codeField(), 'abcde-fghij');
    await user.click(within(form).getByRole('button', { name: 'Turn off' }));
    expect(await within(form).findByText('Incorrect password.')).toBeInTheDocument();
    expect(password).toHaveAttribute('data-invalid', 'true');

    // A used recovery code shows on the code field.
    disable = () => apiError(400, 'validation', 'Validation failed', { recoveryCode: ['This recovery code is not correct or was already used.'] });
    await user.click(within(form).getByRole('button', { name: 'Turn off' }));
    expect(await within(form).findByText('This recovery code is not correct or was already used.')).toBeInTheDocument();
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
    expect(within(card).queryByRole('alert')).toBeNull();

    disable = () => {
      Object.assign(state, { enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
      return response({ status: 204 });
    };
    await user.click(within(form).getByRole('button', { name: 'Turn off' }));
    expect(await within(card).findByText('Two-factor sign-in is off.')).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByTestId('two-factor-state')).toHaveTextContent('Off'));
    expect(within(card).getByRole('button', { name: 'Set up' })).toBeInTheDocument();
    expect(calls(fetch, '/account/two-factor/disable').at(-1)).toEqual({ password: 'wrong-one', code: 'abcde-fghij' });
  });

  it('when required, offers no "Turn off"; "New recovery codes" takes a code and shows the new ones', async () => {
    const { state, fetch } = server(
      { enabled: true, required: true, enabledAt: '2026-03-01T12:00:00Z', recoveryCodesLeft: 2 },
      {
        'POST /account/two-factor/recovery-codes': () => {
          state.recoveryCodesLeft = 10;
          return response({ json: { recoveryCodes: codes('n') } });
        },
      },
    );
    renderWithApp(<TwoFactorCard />);
    const card = await screen.findByTestId('two-factor-card');
    expect(await within(card).findByText('Two-factor sign-in is required for your role, so it cannot be turned off.')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Turn off' })).toBeNull();

    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'New recovery codes' }));
    await user.type(codeField(), '333333');
    await user.click(within(card).getByRole('button', { name: 'Get new codes' }));
    expect((await within(card).findAllByTestId('recovery-code')).map((c) => c.textContent)).toEqual(codes('n'));
    expect(calls(fetch, '/account/two-factor/recovery-codes')).toEqual([{ code: '333333' }]);
    await user.click(within(card).getByRole('button', { name: 'I have saved these codes' }));
    expect(await within(card).findByText(/Recovery codes left: 10\./)).toBeInTheDocument();
  });

  it('says why a change is refused (support acting as the person)', async () => {
    server({}, { 'POST /account/two-factor/setup': () => apiError(403, 'forbidden', 'Support cannot change this person’s two-factor sign-in.') });
    renderWithApp(<TwoFactorCard />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry Support cannot change this person’s two-factor sign-in.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Set up' })).toBeInTheDocument();
  });
});
