import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import type { IdentityClaims } from '@/lib/identity';
import { sessionStore } from '@/lib/session';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';

type Handler = Parameters<typeof mockFetch>[0][string];
const json = (body: unknown): Handler => () => response({ json: body });
const apiError = (status: number, code: string, message: string, errors: Record<string, string[]> = {}): Handler => () =>
  response({ status, statusText: String(status), json: { code, message, errors, requestId: 'r1' } });

const loginData = {
  'GET /auth/login-data': json({ identity: {}, companyName: 'Acme Insurance', companyId: 1 }),
  // The page's two-factor card (features/auth/components/two-factor-card.test.tsx tests it).
  'GET /account/two-factor': json({ enabled: false, required: false, enabledAt: null, recoveryCodesLeft: 0 }),
};

const profile = (overrides: Record<string, unknown> = {}) => ({
  id: 9,
  firstname: 'Emma',
  lastname: 'Brooks',
  email: 'emma@acme.example.com',
  phone: '(555) 222-3333',
  avatar: null,
  status: 1,
  role: 'employee',
  permission: 'User',
  userRoleName: 'User',
  jobroleId: null,
  jobroleName: null,
  managerId: 1,
  managerName: 'Ada Admin',
  birthday: '03/15',
  lastStartDate: '2026-01-05',
  lastTerminationDate: null,
  address: '2 Elm St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  isSsoUser: false,
  ...overrides,
});

const EMMA: Partial<IdentityClaims> = { eid: 9, firstname: 'Emma', lastname: 'Brooks', roles: ['employee'] };
const signIn = (claims: Partial<IdentityClaims>) => sessionStore.setToken(fakeToken(claims));

const calls = (fetch: ReturnType<typeof mockFetch>, path: string) =>
  fetch.mock.calls.filter(([url]) => String(url).replace(/\?.*$/, '') === `/server/v1${path}`).map(([url, init]) => ({ url: String(url), init: init! }));

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });

describe('/my-profile', () => {
  afterEach(() => sessionStore.clear());

  it('validates, updates, refreshes the session identity and goes to My Team two seconds later', async () => {
    const renewed = fakeToken({ ...EMMA, firstname: 'Emily' });
    const fetch = mockFetch({
      ...loginData,
      'GET /profile/mine': json({ profile: profile(), integratedWithAz: false }),
      'GET /contacts/list': json({ contacts: [] }),
      'POST /profile/update': ({ body }) => response({ json: { profile: profile(JSON.parse(String(body)) as Record<string, unknown>) } }),
      'POST /auth/login': json({ token: renewed, identity: {} }),
    });
    signIn(EMMA);
    const { router } = renderRoutes(routes, '/my-profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Update My Profile' })).toBeInTheDocument();
    expect(document.title).toBe('Update My Profile | Timekeep');
    expect(await screen.findByDisplayValue('Emma')).toBe(field('First Name'));
    expect(field('Birthday')).toHaveValue('03/15');
    // One's two-factor sign-in has its card on the page.
    expect(within(await screen.findByRole('region', { name: 'Two-factor sign-in' })).getByRole('button', { name: 'Set up' })).toBeInTheDocument();

    const user = userEvent.setup();
    for (const label of ['First Name', 'Last Name', 'Email', 'Phone', 'Address', 'State']) await user.clear(field(label));
    await user.clear(field('Birthday'));
    await user.type(field('Birthday'), '13/40');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    for (const message of [
      'Please input the First name',
      'Please input the Last name',
      'Please input the Email',
      'Please input the Phone',
      'Please input the Address',
      'Please input the State',
      'Please input Month(1-12)/Date(1-31). e.g. 03/15',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await user.type(field('Email'), 'emily@acme');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Oops! Looks like you have a typo.')).toBeInTheDocument();
    expect(calls(fetch, '/profile/update')).toHaveLength(0);

    await user.type(field('First Name'), 'Emily');
    await user.type(field('Last Name'), 'Brooks');
    await user.type(field('Email'), '.example.com');
    await user.type(field('Phone'), '555 222 4444');
    expect(field('Phone')).toHaveValue('(555) 222-4444');
    await user.type(field('Address'), '3 Oak St');
    await user.type(field('State'), 'IL');
    await user.clear(field('Birthday'));
    await user.type(field('Birthday'), '4/1');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('You successfully updated the profile. Bring you to your home page...')).toBeInTheDocument();
    expect(bodyOf(calls(fetch, '/profile/update')[0]!.init)).toEqual({
      firstname: 'Emily',
      lastname: 'Brooks',
      email: 'emily@acme.example.com',
      phone: '(555) 222-4444',
      birthday: '04/01',
      address: '3 Oak St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
    });
    // The identity (greeting, avatar menu) follows the change.
    expect(calls(fetch, '/auth/login')).toHaveLength(1);
    await waitFor(() => expect(sessionStore.get()?.token).toBe(renewed));
    expect(await screen.findByTestId('greeting')).toHaveTextContent(/, Emily$/);
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-team'), { timeout: 45_000 });
  });

  it('sends admins and managers to HR Folders after the update', async () => {
    mockFetch({
      ...loginData,
      'GET /profile/mine': json({ profile: profile({ id: 2, role: 'manager' }), integratedWithAz: false }),
      'GET /contacts/list': json({ contacts: [] }),
      'POST /profile/update': json({ profile: profile({ id: 2 }) }),
      'POST /auth/login': json({ token: fakeToken({ eid: 2, roles: ['manager'] }) }),
    });
    signIn({ eid: 2, roles: ['manager'] });
    const { router } = renderRoutes(routes, '/my-profile');
    await screen.findByDisplayValue('Emma');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('You successfully updated the profile. Bring you to your home page...')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/manage'), { timeout: 45_000 });
  });

  it('says a new e-mail waits for the link mailed to it', async () => {
    mockFetch({
      ...loginData,
      'GET /profile/mine': json({ profile: profile(), integratedWithAz: false }),
      'GET /contacts/list': json({ contacts: [] }),
      'POST /profile/update': json({ profile: profile(), emailChangeSentTo: 'emma.new@acme.example.com' }),
      'POST /auth/login': json({ token: fakeToken(EMMA) }),
    });
    signIn(EMMA);
    renderRoutes(routes, '/my-profile');
    const user = userEvent.setup();
    const email = await screen.findByDisplayValue('emma@acme.example.com');
    await user.clear(email);
    await user.type(email, 'emma.new@acme.example.com');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(
      await screen.findByText(
        'We sent a link to emma.new@acme.example.com: your sign-in email changes when you follow it. Until then, keep signing in with your current one.',
      ),
    ).toBeInTheDocument();
  });

  it('keeps names and e-mail read-only for an integrated company, and the e-mail for single sign-on users', async () => {
    mockFetch({ ...loginData, 'GET /profile/mine': json({ profile: profile(), integratedWithAz: true }), 'GET /contacts/list': json({ contacts: [] }) });
    signIn(EMMA);
    const first = renderRoutes(routes, '/my-profile');
    await screen.findByDisplayValue('Emma');
    for (const label of ['First Name', 'Last Name', 'Email']) expect(field(label)).toHaveAttribute('readonly');
    expect(field('Phone')).not.toHaveAttribute('readonly');
    first.unmount();

    mockFetch({ ...loginData, 'GET /profile/mine': json({ profile: profile({ isSsoUser: true }), integratedWithAz: false }), 'GET /contacts/list': json({ contacts: [] }) });
    renderRoutes(routes, '/my-profile');
    await screen.findByDisplayValue('Emma');
    expect(field('Email')).toHaveAttribute('readonly');
    expect(field('First Name')).not.toHaveAttribute('readonly');
  });

  it("puts a taken e-mail on the field and other failures in an alert starting with 'Sorry'", async () => {
    let answer: Handler = apiError(409, 'email_taken', 'The email has been registered by another user', { email: ['The email has been registered by another user'] });
    mockFetch({
      ...loginData,
      'GET /profile/mine': json({ profile: profile(), integratedWithAz: false }),
      'GET /contacts/list': json({ contacts: [] }),
      'POST /profile/update': (init) => answer(init),
    });
    signIn(EMMA);
    renderRoutes(routes, '/my-profile');
    await screen.findByDisplayValue('Emma');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('The email has been registered by another user')).toBeInTheDocument();
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');

    answer = apiError(403, 'account_expired', 'This account has expired');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry This account has expired');
  });

  it('uploads and removes the avatar, refreshing the identity each time', async () => {
    let avatar: string | null = null;
    const fetch = mockFetch({
      ...loginData,
      'GET /profile/mine': () => response({ json: { profile: profile({ avatar }), integratedWithAz: false } }),
      'GET /contacts/list': json({ contacts: [] }),
      'POST /profile/update-avatar': () => {
        avatar = '/server/v1/files/31';
        return response({ json: { avatar } });
      },
      'POST /profile/remove-avatar': () => {
        avatar = null;
        return response({ json: { avatar: null } });
      },
      'POST /auth/login': () => response({ json: { token: fakeToken({ ...EMMA, avatar }) } }),
    });
    signIn(EMMA);
    renderRoutes(routes, '/my-profile');
    const card = await screen.findByTestId('avatar-card');
    expect(within(card).queryByRole('button', { name: 'Remove Avatar' })).toBeNull();
    const user = userEvent.setup();
    await user.upload(within(card).getByLabelText('Upload Avatar', { selector: 'input' }), new File([new Uint8Array([1])], 'me.png', { type: 'image/png' }));
    const remove = await within(card).findByRole('button', { name: 'Remove Avatar' });
    const upload = calls(fetch, '/profile/update-avatar')[0]!.init.body as FormData;
    expect((upload.get('file') as File).name).toBe('me.png');
    await waitFor(() => expect(sessionStore.get()?.identity.avatar).toBe('/server/v1/files/31'));

    await user.click(remove);
    await waitFor(() => expect(within(card).queryByRole('button', { name: 'Remove Avatar' })).toBeNull());
    expect(calls(fetch, '/profile/remove-avatar')).toHaveLength(1);
    await waitFor(() => expect(sessionStore.get()?.identity.avatar).toBeNull());
  });

  it('keeps one’s own emergency contacts: empty text, required fields, the 350 dock and removal', async () => {
    let contacts: unknown[] = [];
    const fetch = mockFetch({
      ...loginData,
      'GET /profile/mine': json({ profile: profile(), integratedWithAz: false }),
      'GET /contacts/list': () => response({ json: { contacts } }),
      'POST /contacts/add': ({ body }) => {
        const sent = JSON.parse(String(body)) as Record<string, unknown>;
        contacts = [{ id: 70, ...sent }];
        return response({ json: contacts[0] });
      },
      'POST /contacts/delete': () => {
        contacts = [];
        return response({ json: {} });
      },
    });
    signIn(EMMA);
    renderRoutes(routes, '/my-profile');
    expect(await screen.findByText('There is no emergency contact on file')).toBeInTheDocument();
    expect(calls(fetch, '/contacts/list')[0]!.url).toBe('/server/v1/contacts/list?eid=9');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    const dock = await screen.findByRole('dialog', { name: 'Add Emergency Contact' });
    expect(screen.getByTestId('dock')).toHaveAttribute('data-width', '350');
    await user.click(within(dock).getByRole('button', { name: 'Save' }));
    for (const message of ['Please input the First name', 'Please input the Last name', 'Please input the Relationship', 'Please input the Phone']) {
      expect(await within(dock).findByText(message)).toBeInTheDocument();
    }
    await user.type(within(dock).getByLabelText(/^First Name/), 'Noah');
    await user.type(within(dock).getByLabelText(/^Last Name/), 'Brooks');
    await user.click(within(dock).getByLabelText(/^Relationship/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Relative' }));
    await user.type(within(dock).getByLabelText(/^Phone/), '5559876543');
    await user.click(within(dock).getByRole('button', { name: 'Save' }));
    const contact = await screen.findByTestId('contact');
    expect(contact).toHaveTextContent('Noah Brooks');
    expect(bodyOf(calls(fetch, '/contacts/add')[0]!.init)).toEqual({ eid: 9, firstname: 'Noah', lastname: 'Brooks', relationship: 'Relative', phone: '(555) 987-6543', email: null });

    await user.click(within(contact).getByRole('button', { name: 'Remove Noah Brooks' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(confirm).toHaveTextContent("Once you hit remove there's no going back!");
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('There is no emergency contact on file')).toBeInTheDocument();
    expect(bodyOf(calls(fetch, '/contacts/delete')[0]!.init)).toEqual({ id: 70, eid: 9 });
  });

  it('is not for the system admin', async () => {
    mockFetch({ ...loginData });
    signIn({ eid: null, roles: ['sysadmin'] });
    const { router } = renderRoutes(routes, '/my-profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sy5tem/adm1n'));
  });
});
