import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bodyOf, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { asAdmin, asManager, callsTo, celebrationsServer, identity } from '../testing/celebrations-server';
import { CelebrationsScreen } from './celebrations-screen';

const rows = () => screen.getAllByTestId('celebration');

describe('/celebrations', () => {
  it('lists the coming birthdays and anniversaries, soonest first, for employees without the message actions', async () => {
    celebrationsServer();
    renderWithApp(<CelebrationsScreen identity={identity()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Celebrations' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const [emma, liam, zoe] = rows();
    expect(emma).toHaveTextContent('Emma Brooks');
    expect(emma).toHaveAttribute('data-type', 'BIRTHDAY');
    expect(within(emma!).getByText('Birthday')).toBeInTheDocument();
    expect(within(emma!).getByTestId('celebration-when')).toHaveTextContent('Nov 18, 2026 · Today');
    expect(within(emma!).getByTestId('person-avatar')).toHaveTextContent('EB');
    expect(within(liam!).getByText('Anniversary')).toBeInTheDocument();
    expect(within(liam!).getByTestId('celebration-when')).toHaveTextContent('Nov 19, 2026 · in 1 day · 3 years');
    expect(within(zoe!).getByTestId('celebration-when')).toHaveTextContent('Dec 30, 2026 · in 42 days');
    expect(screen.queryByRole('button', { name: /^Message/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Email now/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Company Messages' })).toBeNull();
  });

  it("says 'No data' when nobody celebrates in the next 60 days", async () => {
    celebrationsServer({ celebrations: [] });
    renderWithApp(<CelebrationsScreen identity={identity()} />);
    expect(await screen.findByTestId('celebrations-empty')).toHaveTextContent('No data');
  });

  it("lets a manager open a person's message, save a custom one and delete it again", async () => {
    const shown = vi.spyOn(notifications, 'show');
    const { fetch } = celebrationsServer({ company: { BIRTHDAY: 'Happy birthday from Acme, {firstname}!' } });
    renderWithApp(<CelebrationsScreen identity={asManager()} />);
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.queryByRole('link', { name: 'Company Messages' })).toBeNull();

    await user.click(within(rows()[0]!).getByRole('button', { name: /^Message/ }));
    const panel = await screen.findByRole('dialog', { name: 'Birthday Message: Emma Brooks' });
    expect(screen.getByTestId('message-panel')).toHaveAttribute('data-width', '650');
    expect(await within(panel).findByTestId('effective-message')).toHaveTextContent('Happy birthday from Acme, {firstname}!');
    expect(within(panel).getByTestId('message-source')).toHaveTextContent("The company's message");
    expect(await within(panel).findByTestId('system-default')).toHaveTextContent('Happy birthday, {firstname}! From all of us at {company}.');
    expect(callsTo(fetch, 'GET', '/celebration/get-celebration-message')[0]!.url.search).toBe('?employeeId=9&type=BIRTHDAY');
    expect(callsTo(fetch, 'GET', '/celebration/get-system-messages')[0]!.url.search).toBe('?target=employee');
    expect(within(panel).queryByRole('button', { name: 'Delete custom message' })).toBeNull();

    // An empty message is refused before anything is sent.
    const editor = within(panel).getByLabelText(/^Custom message for Emma/);
    expect(editor).toHaveValue('Happy birthday from Acme, {firstname}!');
    fireEvent.change(editor, { target: { value: '   ' } });
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(within(panel).getByText('Please input the Message')).toBeInTheDocument();
    expect(callsTo(fetch, 'POST', '/celebration/save-celebration-message')).toHaveLength(0);

    fireEvent.change(editor, { target: { value: 'Happy birthday, Emma!\nCake at 3.' } });
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(panel).getByTestId('message-source')).toHaveTextContent('A message written for this person'));
    expect(bodyOf(callsTo(fetch, 'POST', '/celebration/save-celebration-message')[0]!.init)).toEqual({
      employeeId: 9,
      type: 'BIRTHDAY',
      message: 'Happy birthday, Emma!\nCake at 3.',
    });
    expect(within(panel).getByTestId('effective-message')).toHaveTextContent('Happy birthday, Emma! Cake at 3.');
    expect(shown).toHaveBeenCalledWith({ color: 'green', message: 'The message has been saved.' });

    await user.click(within(panel).getByRole('button', { name: 'Delete custom message' }));
    const question = await screen.findByRole('dialog', { name: 'Delete the custom message?' });
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(panel).getByTestId('message-source')).toHaveTextContent("The company's message"));
    // The company's message holds id 500; Emma's own got 501.
    expect(callsTo(fetch, 'GET', '/celebration/delete-custom-celebration-message')[0]!.url.search).toBe('?id=501');
    expect(within(panel).queryByRole('button', { name: 'Delete custom message' })).toBeNull();
  });

  it("'Email now' mails the person their message and says so; a refusal shows the server's words", async () => {
    const shown = vi.spyOn(notifications, 'show');
    const { fetch } = celebrationsServer();
    renderWithApp(<CelebrationsScreen identity={asAdmin()} />);
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByRole('link', { name: 'Company Messages' })).toHaveAttribute('href', '/company-celebrations');

    await user.click(screen.getByRole('button', { name: 'Email now: Liam Carter' }));
    await waitFor(() => expect(shown).toHaveBeenCalledWith({ color: 'green', message: 'The message has been sent.' }));
    const call = callsTo(fetch, 'POST', '/celebration/email-now')[0]!;
    expect(call.url.search).toBe('?type=ANNIVERSARY');
    expect(bodyOf(call.init)).toEqual({ employeeId: 12 });

    fetch.mockImplementationOnce(async () => response({ status: 404, statusText: 'Not Found', json: { code: 'not_found', message: 'Not found', errors: {} } }));
    await user.click(screen.getByRole('button', { name: 'Email now: Zoe Young' }));
    await waitFor(() => expect(shown).toHaveBeenCalledWith({ color: 'red', message: 'Not found' }));
  });
});
