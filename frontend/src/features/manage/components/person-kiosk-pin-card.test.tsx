import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PIN_MESSAGE } from '@/lib/kiosk';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { ADMIN, MANAGER, callsTo, employee, json, manageData } from '../testing/fixtures';
import { EmployeeEditScreen } from './employee-edit-screen';
import { KIOSK_PIN_SET, PersonKioskPinCard } from './person-kiosk-pin-card';

function server() {
  const posts: unknown[] = [];
  const fetch = mockFetch({
    'POST /kiosks/reset-pin': (init) => {
      const body = bodyOf(init) as { pin: string };
      posts.push(body);
      if (body.pin === '1234') return response({ status: 400, statusText: 'Bad Request', json: { code: 'validation', message: 'x', errors: { pin: [PIN_MESSAGE] } } });
      return response({ json: { hasPin: true } });
    },
  });
  return { fetch, posts };
}

describe("the employee edit screen's kiosk PIN card", () => {
  it('sets a new PIN for the person, digits only, and says so', async () => {
    const { fetch, posts } = server();
    renderWithApp(<PersonKioskPinCard employeeId={9} />);
    const card = screen.getByTestId('person-kiosk-pin');
    expect(within(card).getByRole('heading', { name: 'Kiosk PIN' })).toBeInTheDocument();
    const field = within(card).getByLabelText(/^New PIN/);
    expect(field).toHaveAttribute('type', 'password');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    const user = userEvent.setup();
    await user.type(field, '47a1x9');
    expect(field).toHaveValue('4719');
    await user.click(within(card).getByRole('button', { name: 'Set a new PIN' }));
    expect(await within(card).findByText(KIOSK_PIN_SET)).toBeInTheDocument();
    expect(posts).toEqual([{ pin: '4719' }]);
    expect(callsTo(fetch, 'POST', '/kiosks/reset-pin')[0]!.url.search).toBe('?eid=9');
    expect(field).toHaveValue('');
  });

  it("checks the PIN's shape first, and shows the server's refusal on the field", async () => {
    const { posts } = server();
    renderWithApp(<PersonKioskPinCard employeeId={9} />);
    const card = screen.getByTestId('person-kiosk-pin');
    const field = within(card).getByLabelText(/^New PIN/);
    const user = userEvent.setup();
    await user.type(field, '471');
    await user.click(within(card).getByRole('button', { name: 'Set a new PIN' }));
    expect(await within(card).findByText(PIN_MESSAGE)).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '1234');
    await user.click(within(card).getByRole('button', { name: 'Set a new PIN' }));
    await waitFor(() => expect(posts).toEqual([{ pin: '1234' }]));
    expect(await within(card).findByText(PIN_MESSAGE)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(within(card).queryByRole('alert')).toBeNull();
  });

  it("sits beside the work locations on an admin's edit screen", async () => {
    mockFetch({
      'GET /manage/data': json(manageData()),
      'GET /manage/user-data': json(employee()),
      'GET /locations': json([]),
      'GET /locations/of-person': json({ employeeId: 9, locationIds: [] }),
    });
    renderWithApp(<EmployeeEditScreen identity={ADMIN} employeeId={9} />, { path: '/admin/manage/edit-user/9' });
    expect(await screen.findByTestId('person-kiosk-pin')).toBeInTheDocument();
    expect(screen.getByTestId('person-locations')).toBeInTheDocument();
  });

  it('is not on the edit screen of a manager', async () => {
    mockFetch({
      'GET /manage/data': json(manageData()),
      'GET /manage/user-data': json(employee()),
    });
    renderWithApp(<EmployeeEditScreen identity={MANAGER} employeeId={9} />, { path: '/admin/manage/edit-user/9' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Emma Brooks' })).toBeInTheDocument();
    expect(screen.queryByTestId('person-kiosk-pin')).toBeNull();
  });
});
