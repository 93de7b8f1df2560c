import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { forgetEmbeddingOrigins } from '@/lib/embed';
import { routes } from '@/app/router';
import { sessionStore } from '@/lib/session';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';

const noSso = { 'GET /account/signup-data': () => response({ json: { authorizationUrl: null } }) };
const wrongPassword = () =>
  response({ status: 401, statusText: 'Unauthorized', json: { code: 'invalid_credentials', message: 'Incorrect email or password.', errors: {} } });

async function fillAndSubmit(email = 'ada@example.com', password = 'secret123') {
  const user = userEvent.setup();
  const emailInput = await screen.findByLabelText(/Email/);
  await user.clear(emailInput);
  await user.type(emailInput, email);
  const passwordInput = screen.getByLabelText(/Password/, { selector: 'input' });
  await user.clear(passwordInput);
  await user.type(passwordInput, password);
  await user.click(screen.getByRole('button', { name: 'Log In' }));
}

describe('/login', () => {
  it('opens with the cursor in the e-mail field', async () => {
    mockFetch(noSso);
    renderRoutes(routes, '/login');
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveFocus();
  });

  it('says nothing of a field only tabbed past; a typed address is checked when left, the empty ones on submit', async () => {
    mockFetch(noSso);
    renderRoutes(routes, '/login');
    const user = userEvent.setup();
    const email = await screen.findByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email).toHaveFocus());
    await user.tab();
    expect(screen.getByLabelText(/Password/, { selector: 'input' })).toHaveFocus();
    await user.tab();
    expect(screen.queryByText('Please input the Email')).toBeNull();
    expect(screen.queryByText('Enter valid password')).toBeNull();
    expect(email).not.toHaveAttribute('aria-invalid', 'true');

    await user.type(email, 'ada@');
    await user.tab();
    expect(await screen.findByText('Invalid Email address')).toBeInTheDocument();
    expect(screen.queryByText('Enter valid password')).toBeNull();
    await user.clear(email);
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Please input the Email')).toBeInTheDocument();
    expect(screen.getByText('Enter valid password')).toBeInTheDocument();
  });

  it('shows the validation messages without calling the server', async () => {
    const fetch = mockFetch(noSso);
    renderRoutes(routes, '/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Please input the Email')).toBeInTheDocument();
    expect(screen.getByText('Enter valid password')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/auth/login'))).toBe(false);
  });

  it("shows the server's message above the form, and the reset hint after more than 3 failures", async () => {
    mockFetch({ ...noSso, 'POST /auth/login': wrongPassword });
    renderRoutes(routes, '/login');
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await fillAndSubmit();
      const alert = await screen.findByRole('alert');
      await waitFor(() => expect(alert).toHaveTextContent('Incorrect email or password.'));
      if (attempt <= 3) expect(alert).not.toHaveTextContent('Forgot your password?');
    }
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Incorrect email or password. Forgot your password? Use the reset password link to set a new one.',
    );
  });

  it('puts 400 field errors on the fields', async () => {
    mockFetch({
      ...noSso,
      'POST /auth/login': () =>
        response({ status: 400, statusText: 'Bad Request', json: { code: 'validation', message: 'Validation failed', errors: { email: ['Invalid Email address'] } } }),
    });
    renderRoutes(routes, '/login');
    await fillAndSubmit('ada@example.com');
    expect(await screen.findByText('Invalid Email address')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('logs in and follows the redirect target', async () => {
    const token = fakeToken({ roles: ['employee'] });
    const fetch = mockFetch({ ...noSso, 'POST /auth/login': () => response({ json: { token, identity: {} } }) });
    const { router } = renderRoutes(routes, '/login?redirect=%2Fchange-my-password');
    await fillAndSubmit(' ada@example.com ');
    await waitFor(() => expect(router.state.location.pathname).toBe('/change-my-password'));
    expect(sessionStore.get()?.token).toBe(token);
    const loginCall = fetch.mock.calls.find(([url]) => String(url).endsWith('/auth/login'));
    expect(bodyOf(loginCall![1]!)).toEqual({ email: 'ada@example.com', password: 'secret123' });
    sessionStore.clear();
  });

  it('ignores an admin-area redirect for an employee', async () => {
    mockFetch({ ...noSso, 'POST /auth/login': () => response({ json: { token: fakeToken({ roles: ['employee'] }) } }) });
    const { router } = renderRoutes(routes, '/login?redirect=%2Fadmin%2Fdashboard');
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/clockin'));
    sessionStore.clear();
  });

  it('logs in with a token from the query, showing the loading text', async () => {
    const fresh = fakeToken({ roles: ['admin'] });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetch = mockFetch({
      ...noSso,
      'POST /auth/login': async () => {
        await gate;
        return response({ json: { token: fresh } });
      },
    });
    const { router } = renderRoutes(routes, '/login?token=abc');
    expect(await screen.findByText('Just a moment. We are loading the product ...')).toBeInTheDocument();
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    const loginCall = fetch.mock.calls.find(([url]) => String(url).endsWith('/auth/login'));
    expect(bodyOf(loginCall![1]!)).toEqual({ token: 'abc' });
    sessionStore.clear();
  });

  it('inside a frame of a configured page, names it (origin) in the sign-in and leaves out the visitor menu', async () => {
    vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window);
    forgetEmbeddingOrigins();
    const crm = 'http://127.0.0.1:4711';
    const fetch = mockFetch({
      ...noSso,
      'GET /account/embedding': () => response({ json: { origins: [crm] } }),
      'POST /auth/login': () => response({ json: { token: fakeToken({ roles: ['employee'], origin: crm }) } }),
    });
    const { router } = renderRoutes(routes, `/login?token=abc&origin=${encodeURIComponent(crm)}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/clockin'));
    const loginCall = fetch.mock.calls.find(([url]) => String(url).endsWith('/auth/login'));
    expect(bodyOf(loginCall![1]!)).toEqual({ token: 'abc', origin: crm });
    sessionStore.clear();
    forgetEmbeddingOrigins();
  });

  it('in a frame, shows the sign-in without the marketing menu and footer', async () => {
    vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window);
    mockFetch({ ...noSso, 'GET /account/embedding': () => response({ json: { origins: [] } }) });
    renderRoutes(routes, '/login');
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Visitor menu' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Pricing' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Legal' })).toBeNull();
    forgetEmbeddingOrigins();
  });

  it('shows the SSO no-match text with ssoFailed=1', async () => {
    mockFetch(noSso);
    renderRoutes(routes, '/login?ssoFailed=1');
    expect(await screen.findByText(/^Oops! We were unable to find a user that matches this email address\.\.\./)).toBeInTheDocument();
  });

  it('offers single sign-on only when the server has an authorization URL', async () => {
    mockFetch(noSso);
    const first = renderRoutes(routes, '/login');
    await screen.findByRole('button', { name: 'Log In' });
    await waitFor(() => expect(screen.queryByRole('button', { name: /single sign-on/ })).toBeNull());
    first.unmount();

    mockFetch({ 'GET /account/signup-data': () => response({ json: { authorizationUrl: 'https://idp.example/authorize' } }) });
    renderRoutes(routes, '/login');
    expect(await screen.findByRole('button', { name: 'Log in with single sign-on' })).toBeInTheDocument();
  });
});
