import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { ADMIN, apiError, callsTo, json } from '../testing/fixtures';
import { ImportAgencyZoomScreen } from './import-agencyzoom-screen';

const STATUS = { available: true, integrated: false, importedPeople: 0 };
const REPORT = {
  message: 'Your company information has been updated.',
  employeesImported: 2,
  accountsCreated: 1,
  success: [
    { employeeId: 1, partnerId: '1', firstname: 'Ada', lastname: 'Admin', email: 'ada@example.com', outcome: 'updated', emailChangeSentTo: null },
    { employeeId: 51, partnerId: '2', firstname: 'Mia', lastname: 'Manager', email: 'mia@zoom.example', outcome: 'created', emailChangeSentTo: null },
  ],
  failure: [{ partnerId: '4', firstname: 'Tina', lastname: 'Typo', email: 'tina@agency', reason: 'Oops! Looks like you have a typo.' }],
  skippedCompanyFields: [],
};

const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });

describe('Import from AgencyZoom (/admin/manage/import-agencyzoom)', () => {
  it("prefills the signed-in user's e-mail, notes the account-admin rule and checks the form with the spec's messages", async () => {
    const fetch = mockFetch({ 'GET /manage/import-agencyzoom': json(STATUS) });
    renderWithApp(<ImportAgencyZoomScreen identity={ADMIN} />, { path: '/admin/manage/import-agencyzoom' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Import from AgencyZoom' })).toBeInTheDocument();
    expect(input(/AgencyZoom login e-mail/)).toHaveValue('ada@example.com');
    expect(screen.getByTestId('import-note')).toHaveTextContent("You must be an account admin of your agency's AgencyZoom");
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Import now' }));
    expect(await screen.findByText('Please input the Password')).toBeInTheDocument();
    fireEvent.change(input(/AgencyZoom login e-mail/), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Import now' }));
    expect(await screen.findByText('Please input the Email')).toBeInTheDocument();
    fireEvent.change(input(/AgencyZoom login e-mail/), { target: { value: 'owner@agency' } });
    await user.click(screen.getByRole('button', { name: 'Import now' }));
    expect(await screen.findByText('Oops! Looks like you have a typo.')).toBeInTheDocument();
    expect(callsTo(fetch, 'POST', '/manage/import-agencyzoom')).toHaveLength(0);
  });

  it("says 'Please wait ...' while importing, then the update with the counts and both lists", async () => {
    let answer: (value: Response) => void = () => undefined;
    const fetch = mockFetch({
      'GET /manage/import-agencyzoom': json(STATUS),
      'POST /manage/import-agencyzoom': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderWithApp(<ImportAgencyZoomScreen identity={ADMIN} />, { path: '/admin/manage/import-agencyzoom' });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.change(input(/AgencyZoom password/), { target: { value: ' az secret ' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Import now' }));
    expect(await screen.findByRole('button', { name: 'Please wait ...' })).toBeDisabled();
    expect(bodyOf(callsTo(fetch, 'POST', '/manage/import-agencyzoom')[0]!.init)).toEqual({ email: 'ada@example.com', password: ' az secret ' });
    answer(response({ json: REPORT }));

    const result = await screen.findByTestId('import-result');
    expect(within(result).getByText('Your company information has been updated.')).toBeInTheDocument();
    expect(result).toHaveTextContent('2 employees imported, 1 account created.');
    const imported = within(screen.getByTestId('import-success')).getAllByRole('row');
    expect(imported[2]).toHaveTextContent('Mia Manager');
    expect(imported[2]).toHaveTextContent('Added, invitation sent');
    expect(within(imported[2]!).getByRole('link', { name: 'Mia Manager' })).toHaveAttribute('href', '/admin/manage/view-user/51');
    const failed = within(screen.getByTestId('import-failure')).getAllByRole('row');
    expect(failed[1]).toHaveTextContent('Tina Typo');
    expect(failed[1]).toHaveTextContent('Oops! Looks like you have a typo.');
    expect(screen.getByRole('button', { name: 'Import now' })).toBeEnabled();
    expect(input(/AgencyZoom password/)).toHaveValue('');
  });

  it("shows the server's message in a warning titled 'Error'", async () => {
    mockFetch({
      'GET /manage/import-agencyzoom': json(STATUS),
      'POST /manage/import-agencyzoom': apiError(504, 'partner_timeout', 'AgencyZoom did not answer in time. Please try again in a few minutes.'),
    });
    renderWithApp(<ImportAgencyZoomScreen identity={ADMIN} />, { path: '/admin/manage/import-agencyzoom' });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.change(input(/AgencyZoom password/), { target: { value: 'wrong' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Import now' }));
    const alert = await screen.findByText('AgencyZoom did not answer in time. Please try again in a few minutes.');
    expect(alert.closest('[role="status"]')).toHaveTextContent(/^Error/);
    expect(screen.queryByTestId('import-result')).toBeNull();
  });

  it("puts the server's field errors on the form", async () => {
    mockFetch({
      'GET /manage/import-agencyzoom': json(STATUS),
      'POST /manage/import-agencyzoom': apiError(400, 'validation', 'Please input the Password', { password: ['Please input the Password'] }),
    });
    renderWithApp(<ImportAgencyZoomScreen identity={ADMIN} />, { path: '/admin/manage/import-agencyzoom' });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.change(input(/AgencyZoom password/), { target: { value: 'x' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Import now' }));
    expect(await screen.findByText('Please input the Password')).toBeInTheDocument();
    expect(screen.queryByText('Error')).toBeNull();
  });

  it('says when the server has no AgencyZoom to import from', async () => {
    mockFetch({ 'GET /manage/import-agencyzoom': json({ available: false, integrated: false, importedPeople: 0 }) });
    renderWithApp(<ImportAgencyZoomScreen identity={ADMIN} />, { path: '/admin/manage/import-agencyzoom' });
    expect(await screen.findByText('The AgencyZoom import is not set up on this server.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Import now' })).toBeDisabled());
  });
});
