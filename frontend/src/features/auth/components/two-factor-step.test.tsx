import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';
import { LoginForm } from './login-form';
import { VerifyEmail } from './verify-email';

type Handler = Parameters<typeof mockFetch>[0][string];
const json = (body: unknown): Handler => () => response({ json: body });
const apiError = (status: number, code: string, message: string, errors: Record<string, string[]> = {}, headers: Record<string, string> = {}) =>
  response({ status, statusText: String(status), json: { code, message, errors, requestId: 'r1' }, headers });

const noSso = { 'GET /account/signup-data': json({ authorizationUrl: null }) };
const challenge = (mode: 'verify' | 'enrol', id = 'challenge-1') => json({ twoFactor: { challenge: id, mode, expiresIn: 300 } });

const SETUP = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Timekeep:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Timekeep',
  qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const CODES = Array.from({ length: 10 }, (_, i) => `code${i}-abcd${i}`);

const calls = (fetch: ReturnType<typeof mockFetch>, path: string) =>
  fetch.mock.calls.filter(([url]) => String(url) === `/server/v1${path}`).map(([, init]) => bodyOf(init!));

function renderLogin() {
  const onLoggedIn = vi.fn();
  renderWithApp(<LoginForm onLoggedIn={onLoggedIn} onSsoFailed={() => undefined} />);
  return onLoggedIn;
}

async function signInWithPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@example.com');
  await user.type(screen.getByLabelText(/Password/, { selector: 'input' }), 'secret123');
  await user.click(screen.getByRole('button', { name: 'Log In' }));
}

const codeField = () => screen.getByRole('textbox', { name: /^Authentication code/ });

describe('the two-factor step of the login', () => {
  afterEach(() => sessionStore.clear());

  it('asks for the authentication code after the password and posts it with the challenge to /auth/two-factor', async () => {
    const token = fakeToken({ roles: ['admin'] });
    let answer: Handler = () => apiError(400, 'validation', 'Validation failed', { code: ['The code is not correct.'] });
    const fetch = mockFetch({ ...noSso, 'POST /auth/login': challenge('verify'), 'POST /auth/two-factor': (init) => answer(init) });
    const onLoggedIn = renderLogin();
    const user = userEvent.setup();
    await signInWithPassword(user);

    const step = await screen.findByTestId('two-factor-step');
    expect(within(step).getByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log In' })).toBeNull();
    await waitFor(() => expect(codeField()).toHaveFocus());
    // Nothing is stored before the second factor.
    expect(sessionStore.get()).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Please input the Authentication code')).toBeInTheDocument();
    expect(calls(fetch, '/auth/two-factor')).toHaveLength(0);

    await user.type(codeField(), '000 000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is not correct.')).toBeInTheDocument();
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).toBeNull();

    answer = json({ token, identity: {} });
    await user.clear(codeField());
    await user.type(codeField(), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledTimes(1));
    expect(calls(fetch, '/auth/two-factor')).toEqual([
      { challenge: 'challenge-1', code: '000000' },
      { challenge: 'challenge-1', code: '123456' },
    ]);
    expect(sessionStore.get()?.token).toBe(token);
    expect(onLoggedIn.mock.calls[0]![0]).toMatchObject({ token });
  });

  it('"Use a recovery code" switches the field to "Recovery code", whose errors show on it', async () => {
    const token = fakeToken({ roles: ['employee'] });
    let answer: Handler = () =>
      apiError(400, 'validation', 'Validation failed', { recoveryCode: ['This recovery code is not correct or was already used.'] });
    const fetch = mockFetch({ ...noSso, 'POST /auth/login': challenge('verify'), 'POST /auth/two-factor': (init) => answer(init) });
    const onLoggedIn = renderLogin();
    const user = userEvent.setup();
    await signInWithPassword(user);
    await screen.findByTestId('two-factor-step');

    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const recovery = await screen.findByRole('textbox', { name: /^Recovery code/ });
    expect(screen.queryByRole('textbox', { name: /^Authentication code/ })).toBeNull();
    await waitFor(() => expect(recovery).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Please input the Recovery code')).toBeInTheDocument();

    await user.type(recovery, 'abcde-fghij');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This recovery code is not correct or was already used.')).toBeInTheDocument();
    expect(recovery).toHaveAttribute('aria-invalid', 'true');

    answer = json({ token });
    await user.clear(recovery);
    await user.type(recovery, 'klmno-pqrst');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledTimes(1));
    expect(calls(fetch, '/auth/two-factor')).toEqual([
      { challenge: 'challenge-1', recoveryCode: 'abcde-fghij' },
      { challenge: 'challenge-1', recoveryCode: 'klmno-pqrst' },
    ]);
  });

  it('switches back to the authentication code', async () => {
    mockFetch({ ...noSso, 'POST /auth/login': challenge('verify') });
    renderLogin();
    const user = userEvent.setup();
    await signInWithPassword(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.click(screen.getByRole('button', { name: 'Use an authentication code' }));
    expect(codeField()).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Recovery code/ })).toBeNull();
  });

  it('goes back to the password with the reason when the challenge expired (401) or too many codes were wrong (429)', async () => {
    let answer: Handler = () => apiError(401, 'unauthorized', 'This sign-in has expired. Please sign in again.');
    mockFetch({ ...noSso, 'POST /auth/login': challenge('verify'), 'POST /auth/two-factor': (init) => answer(init) });
    const onLoggedIn = renderLogin();
    const user = userEvent.setup();
    await signInWithPassword(user);
    await user.type(await screen.findByRole('textbox', { name: /^Authentication code/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in has expired. Please sign in again.');
    expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.queryByTestId('two-factor-step')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@example.com');

    answer = () => apiError(429, 'too_many_requests', 'Too many wrong codes. Try again in 15 minutes.', {}, { 'Retry-After': '900' });
    await user.type(screen.getByLabelText(/Password/, { selector: 'input' }), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await user.type(await screen.findByRole('textbox', { name: /^Authentication code/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong codes. Try again in 15 minutes.');
    expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(onLoggedIn).not.toHaveBeenCalled();
  });

  it('in enrol mode shows the QR code and the secret key, turns on with a code, then shows the recovery codes before entering', async () => {
    const token = fakeToken({ roles: ['manager'] });
    let answer: Handler = () => apiError(400, 'validation', 'Validation failed', { code: ['The code is not correct.'] });
    const fetch = mockFetch({
      ...noSso,
      'POST /auth/login': challenge('enrol', 'enrol-7'),
      'POST /auth/two-factor/setup': json(SETUP),
      'POST /auth/two-factor': (init) => answer(init),
    });
    const onLoggedIn = renderLogin();
    const user = userEvent.setup();
    await signInWithPassword(user);

    const step = await screen.findByTestId('two-factor-step');
    expect(within(step).getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute('src', SETUP.qrCode);
    expect(screen.getByRole('textbox', { name: /^Secret key/ })).toHaveValue('JBSWY3DPEHPK3PXP');
    // One secret per challenge: only the last asked can be confirmed.
    expect(calls(fetch, '/auth/two-factor/setup')).toEqual([{ challenge: 'enrol-7' }]);
    expect(screen.queryByRole('button', { name: 'Use a recovery code' })).toBeNull();

    await user.type(codeField(), '111111');
    await user.click(screen.getByRole('button', { name: 'Turn on and sign in' }));
    expect(await screen.findByText('The code is not correct.')).toBeInTheDocument();
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');

    answer = json({ token, identity: {}, recoveryCodes: CODES });
    await user.clear(codeField());
    await user.type(codeField(), '222222');
    await user.click(screen.getByRole('button', { name: 'Turn on and sign in' }));
    const codes = await screen.findAllByTestId('recovery-code');
    expect(codes.map((c) => c.textContent)).toEqual(CODES);
    expect(calls(fetch, '/auth/two-factor')).toEqual([
      { challenge: 'enrol-7', code: '111111' },
      { challenge: 'enrol-7', code: '222222' },
    ]);
    // The app opens only once the codes are saved.
    expect(onLoggedIn).not.toHaveBeenCalled();
    expect(sessionStore.get()).toBeNull();

    await user.click(screen.getByRole('button', { name: 'I have saved these codes' }));
    expect(onLoggedIn).toHaveBeenCalledTimes(1);
    expect(sessionStore.get()?.token).toBe(token);
  });

  it('"Back to log in" leaves the step for the password form', async () => {
    mockFetch({ ...noSso, 'POST /auth/login': challenge('enrol'), 'POST /auth/two-factor/setup': json(SETUP) });
    renderLogin();
    const user = userEvent.setup();
    await signInWithPassword(user);
    await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    await user.click(screen.getByRole('button', { name: 'Back to log in' }));
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks an e-mailed sign-in link for the code too', async () => {
    const token = fakeToken({ roles: ['admin'] });
    const fetch = mockFetch({ 'POST /auth/login': challenge('verify', 'link-1'), 'POST /auth/two-factor': json({ token }) });
    const onLoggedIn = vi.fn();
    renderWithApp(<VerifyEmail token={null} me="YUBiLmNv" securityToken="sec" onVerified={() => undefined} onLoggedIn={onLoggedIn} />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Authentication code/ }), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledTimes(1));
    expect(calls(fetch, '/auth/login')).toEqual([{ base64Email: 'YUBiLmNv', securityToken: 'sec' }]);
    expect(calls(fetch, '/auth/two-factor')).toEqual([{ challenge: 'link-1', code: '654321' }]);
  });
});
