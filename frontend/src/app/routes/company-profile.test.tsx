import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

const COMPANY = {
  name: 'Acme Insurance',
  logo: null,
  facebook: '',
  linkedin: 'https://linkedin.com/company/acme',
  email: 'office@acme.example.com',
  phone: '(555) 000-1111',
  address1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
};

function signIn(overrides: Partial<IdentityClaims>) {
  sessionStore.setToken(fakeToken(overrides));
}

const calls = (fetch: ReturnType<typeof mockFetch>, path: string) =>
  fetch.mock.calls.filter(([url]) => String(url).replace(/\?.*$/, '') === `/server/v1${path}`).map(([, init]) => init!);

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });

describe('/admin/manage/company-profile', () => {
  beforeEach(() => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:logo'), revokeObjectURL: vi.fn() }));
  });
  afterEach(() => {
    sessionStore.clear();
    vi.unstubAllGlobals();
  });

  it("lets an admin update the company: validation messages, phone formatting, the success text and the side bar's name", async () => {
    let companyName = 'Acme Insurance';
    const fetch = mockFetch({
      'GET /auth/login-data': () => response({ json: { identity: {}, companyName, companyId: 1 } }),
      'GET /dashboard/pending-requests': json({ count: 0, timesheetEditRequests: [] }),
      'GET /company/profile': json({ company: COMPANY }),
      'GET /company/security': json({ twoFactorRequired: false }),
      'POST /company/update': ({ body }) => {
        const sent = JSON.parse(String(body)) as typeof COMPANY;
        companyName = sent.name;
        return response({ json: { company: { ...COMPANY, ...sent } } });
      },
    });
    signIn({ roles: ['admin'] });
    renderRoutes(routes, '/admin/manage/company-profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Company' })).toBeInTheDocument();
    expect(document.title).toBe('My Company | Timekeep');
    expect(await screen.findByDisplayValue('Acme Insurance')).toBe(field('Company Name'));
    expect(field('LinkedIn')).toHaveValue('https://linkedin.com/company/acme');
    expect(field('Address')).toHaveValue('1 Main St');
    expect(screen.getByTestId('company-logo')).toHaveTextContent('No logo');
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'My Company' })).toHaveAttribute('data-active', 'true');
    expect(within(nav).getByRole('link', { name: 'HR Folders' })).not.toHaveAttribute('data-active');

    const user = userEvent.setup();
    await user.clear(field('Company Name'));
    await user.clear(field('Email'));
    await user.type(field('Email'), 'office@acme');
    await user.clear(field('State'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please input the Company Name')).toBeInTheDocument();
    expect(screen.getByText('Oops! Looks like you have a typo.')).toBeInTheDocument();
    expect(screen.getByText('Please input the State')).toBeInTheDocument();
    await user.clear(field('Email'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please input the Email')).toBeInTheDocument();
    expect(calls(fetch, '/company/update')).toHaveLength(0);

    await user.type(field('Company Name'), 'Acme Mutual');
    await user.type(field('Email'), 'hello@acme.example.com');
    await user.type(field('State'), 'IL');
    await user.clear(field('Phone'));
    await user.type(field('Phone'), '5551234567');
    expect(field('Phone')).toHaveValue('(555) 123-4567');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your company profile has been successfully updated.')).toBeInTheDocument();
    expect(bodyOf(calls(fetch, '/company/update')[0]!)).toEqual({ ...COMPANY, logo: undefined, name: 'Acme Mutual', email: 'hello@acme.example.com', phone: '(555) 123-4567' });
    // The side bar shows the new name.
    expect(await within(nav).findByText('Acme Mutual')).toBeInTheDocument();
  });

  it("puts the server's field errors on the fields and other failures in an alert starting with 'Sorry'", async () => {
    let answer: Handler = apiError(400, 'validation', 'Validation failed', { email: ['Oops! Looks like you have a typo.'] });
    mockFetch({
      'GET /auth/login-data': json({ identity: {}, companyName: 'Acme', companyId: 1 }),
      'GET /company/profile': json({ company: COMPANY }),
      'GET /company/security': json({ twoFactorRequired: false }),
      'POST /company/update': (init) => answer(init),
    });
    signIn({ roles: ['admin'] });
    renderRoutes(routes, '/admin/manage/company-profile');
    await screen.findByDisplayValue('Acme Insurance');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Oops! Looks like you have a typo.')).toBeInTheDocument();
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');

    answer = apiError(403, 'forbidden', 'Only the account admin can do this.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry Only the account admin can do this.');
  });

  it('uploads a logo as multipart and shows it', async () => {
    const fetch = mockFetch({
      'GET /auth/login-data': json({ identity: {}, companyName: 'Acme', companyId: 1 }),
      'GET /company/profile': json({ company: COMPANY }),
      'GET /company/security': json({ twoFactorRequired: false }),
      'POST /company/logo': json({ logo: '/server/v1/files/77' }),
      'GET /files/77': () => new Response(new Uint8Array([1, 2, 3]), { headers: { 'Content-Type': 'image/png' } }),
    });
    signIn({ roles: ['admin'] });
    renderRoutes(routes, '/admin/manage/company-profile');
    await screen.findByDisplayValue('Acme Insurance');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('Upload Logo', { selector: 'input' }), new File(['%PDF'], 'logo.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry Please choose a PNG, JPEG, GIF or WebP image.');
    expect(calls(fetch, '/company/logo')).toHaveLength(0);

    await user.upload(screen.getByLabelText('Upload Logo', { selector: 'input' }), new File([new Uint8Array([137, 80])], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Acme Insurance logo' })).toHaveAttribute('src', 'blob:logo');
    const body = calls(fetch, '/company/logo')[0]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('logo.png');
  });

  it('shows a manager the profile read-only, without Save or the logo upload', async () => {
    mockFetch({
      'GET /auth/login-data': json({ identity: {}, companyName: 'Acme', companyId: 1 }),
      'GET /company/profile': json({ company: COMPANY }),
    });
    signIn({ roles: ['manager'] });
    renderRoutes(routes, '/admin/manage/company-profile');
    expect(await screen.findByDisplayValue('Acme Insurance')).toHaveAttribute('readonly');
    expect(screen.getByText('Only the account admin can change the company profile.')).toBeInTheDocument();
    for (const label of ['Email', 'Phone', 'Facebook', 'LinkedIn', 'Address', 'City', 'State', 'Zip']) expect(field(label)).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload Logo' })).toBeNull();
    // Security (two-factor sign-in) is the admins'.
    expect(screen.queryByRole('region', { name: 'Security' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Admins and managers must use two-factor sign-in' })).toBeNull();
  });
});
