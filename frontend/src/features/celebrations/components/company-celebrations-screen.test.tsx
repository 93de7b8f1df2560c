import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bodyOf } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { callsTo, celebrationsServer } from '../testing/celebrations-server';
import { CompanyCelebrationsScreen } from './company-celebrations-screen';

const card = (type: string) => screen.getAllByTestId('company-message').find((c) => c.getAttribute('data-type') === type)!;

describe('/company-celebrations', () => {
  it("shows each type's company message with the system default, saves the company's own and resets it to the default", async () => {
    const shown = vi.spyOn(notifications, 'show');
    const { fetch } = celebrationsServer({ company: { ANNIVERSARY: 'Another year together, {firstname}!' } });
    renderWithApp(<CompanyCelebrationsScreen />);
    const user = userEvent.setup();

    const birthday = await waitFor(() => card('BIRTHDAY'));
    expect(within(birthday).getByRole('heading', { name: 'Birthday message' })).toBeInTheDocument();
    expect(await within(birthday).findByTestId('message-source')).toHaveTextContent('The system default');
    expect(within(birthday).getByTestId('effective-message')).toHaveTextContent('Happy birthday {firstname} {lastname}!');
    expect(await within(birthday).findByTestId('system-default')).toHaveTextContent('Happy birthday {firstname} {lastname}!');
    expect(callsTo(fetch, 'GET', '/celebration/get-system-messages')[0]!.url.search).toBe('?target=company');
    expect(within(birthday).queryByRole('button', { name: 'Reset to default' })).toBeNull();

    const anniversary = card('ANNIVERSARY');
    expect(await within(anniversary).findByTestId('message-source')).toHaveTextContent("The company's message");
    expect(within(anniversary).getByLabelText(/^Company anniversary message/)).toHaveValue('Another year together, {firstname}!');

    fireEvent.change(within(birthday).getByLabelText(/^Company birthday message/), { target: { value: 'Cake for {firstname} at {company}!' } });
    await user.click(within(birthday).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(birthday).getByTestId('message-source')).toHaveTextContent("The company's message"));
    expect(bodyOf(callsTo(fetch, 'POST', '/celebration/save-company-celebration-message')[0]!.init)).toEqual({ type: 'BIRTHDAY', message: 'Cake for {firstname} at {company}!' });
    expect(shown).toHaveBeenCalledWith({ color: 'green', message: 'The message has been saved.' });

    await user.click(within(anniversary).getByRole('button', { name: 'Reset to default' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Reset to the system default?' })).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(within(anniversary).getByTestId('message-source')).toHaveTextContent('The system default'));
    expect(callsTo(fetch, 'GET', '/celebration/delete-custom-company-celebration-message')[0]!.url.search).toBe('?id=500');
    expect(within(anniversary).getByLabelText(/^Company anniversary message/)).toHaveValue('{years} years! Thank you, {firstname}.');
  });
});
