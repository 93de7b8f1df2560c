import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { identitySchema, type IdentityClaims } from '@/lib/identity';
import { sessionStore } from '@/lib/session';
import { bodyOf } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { claims, fakeToken } from '@/testing/tokens';
import {
  ACTIVATION_FAILED,
  apiError,
  billingServer,
  callsTo,
  CARD_INVALID,
  charge,
  json,
  subscribedData,
  trialData,
} from '../testing/billing-server';
import { BillingScreen, SIGN_OUT_DELAY_MS } from './billing-screen';
import { checkoutPage } from './use-checkout-return';

const ADMIN: Partial<IdentityClaims> = { roles: ['admin'], hasHrSubscription: true, trialEnd: '2026-12-27' };
const identity = (overrides: Partial<IdentityClaims> = {}) => identitySchema.parse(claims({ ...ADMIN, ...overrides }));

function render(path = '/admin/manage/my-account', { onSignOut = vi.fn(), who = identity(), strict = false } = {}) {
  const screenUi = <BillingScreen identity={who} onSignOut={onSignOut} />;
  const result = renderWithApp(strict ? <StrictMode>{screenUi}</StrictMode> : screenUi, { path });
  return { ...result, onSignOut };
}

const section = (name: string) => screen.getByRole('region', { name });
const fact = (testId: string) => screen.getByTestId(testId).lastChild?.textContent;
/** The rows of a table's body, each as its cells' texts. */
const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .filter((row) => row.closest('tbody'))
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));

let opened: string[] = [];

describe('Billing (/admin/manage/my-account)', () => {
  beforeEach(() => {
    opened = [];
    vi.spyOn(checkoutPage, 'open').mockImplementation((url) => {
      opened.push(url);
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    sessionStore.clear();
  });

  it("shows a trial: no card on file, its start, end and days left, the monthly charge in dollars, and 'Activate Subscription' to the checkout", async () => {
    billingServer({ data: trialData() });
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
    expect(document.title).toBe('Billing | Timekeep');
    const plan = await screen.findByRole('region', { name: /Free Trial/ });
    expect(within(plan).getByTestId('billing-status')).toHaveTextContent('Free trial');
    expect(fact('trial-start')).toBe('Nov 27, 2026');
    expect(fact('trial-end')).toBe('Dec 27, 2026');
    expect(fact('trial-days-left')).toBe('30');
    expect(bodyRows(within(plan).getByRole('table', { name: 'Monthly charge' }))).toEqual([
      ['Base', '$8.00'],
      ['Per user ($3.00 × 7 users)', '$21.00'],
      ['Total', '$29.00'],
    ]);

    const payment = section('Payment Method');
    expect(within(payment).getByText('There is no card on file.')).toBeInTheDocument();
    expect(within(payment).queryByRole('button', { name: 'Update Card' })).toBeNull();
    expect(screen.queryByRole('region', { name: /Subscription/ })).toBeNull();

    await userEvent.setup().click(within(plan).getByRole('button', { name: 'Activate Subscription' }));
    expect(opened).toEqual(['https://checkout.example/cs_activate']);
  });

  it('says when the trial has ended, with no days left', async () => {
    billingServer({ data: trialData({ trialEnd: '2026-11-20', trialStart: '2026-10-21', trialDaysLeft: -3 }) });
    render();
    await screen.findByRole('region', { name: /Free Trial/ });
    expect(fact('trial-days-left')).toBe('0');
    expect(screen.getByText('Your free trial has ended. Activate your subscription to keep using Timekeep.')).toBeInTheDocument();
  });

  it("shows an active subscription: the card, its dates and the next charge's base, per-user part and total; 'Update Card' goes to the checkout", async () => {
    billingServer({ data: subscribedData() });
    render();
    const plan = await screen.findByRole('region', { name: /Subscription/ });
    expect(within(plan).getByTestId('billing-status')).toHaveTextContent('Active');
    expect(fact('subscription-start')).toBe('Nov 27, 2026');
    expect(fact('next-charge-date')).toBe('Jan 27, 2027');
    expect(bodyRows(within(plan).getByRole('table', { name: 'Next charge' }))).toEqual([
      ['Base', '$8.00'],
      ['Per user ($3.00 × 9 users)', '$27.00'],
      ['Total', '$35.00'],
    ]);
    const card = within(section('Payment Method')).getByTestId('card-on-file');
    expect(card).toHaveTextContent('Visa ending in 4242');
    expect(card).toHaveTextContent('Expires 03/2030');
    expect(screen.queryByRole('button', { name: 'Activate Subscription' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Update Card' }));
    expect(opened).toEqual(['https://checkout.example/cs_update']);
  });

  it('tells a past-due company that a payment failed and what is owed', async () => {
    billingServer({ data: subscribedData({ status: 'past_due', amountDue: 3500 }) });
    render();
    const notice = await screen.findByText(/A payment failed; we will retry it\. Please update your card\./);
    expect(notice).toHaveTextContent('Amount due: $35.00.');
    expect(screen.getByTestId('billing-status')).toHaveTextContent('Past due');
    expect(screen.getByRole('button', { name: 'Update Card' })).toBeInTheDocument();
  });

  it('tells a suspended company, in an alert, to update the payment method', async () => {
    billingServer({ data: subscribedData({ status: 'suspended', amountDue: 7000 }) });
    render('/admin/manage/my-account?supended=1', { who: identity({ suspended: true, trialEnd: null }) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Account suspended');
    expect(alert).toHaveTextContent("This account has been suspended. Please update your company's payment method");
    expect(alert).toHaveTextContent('Amount due: $70.00.');
    expect(screen.getByTestId('billing-status')).toHaveTextContent('Suspended');
  });

  it('shows a trial suspended by the operator as suspended, with its trial, without refreshing the claims again and again', async () => {
    const fetch = billingServer({ data: trialData({ status: 'suspended' }) });
    render('/admin/manage/my-account?supended=1', { who: identity({ suspended: true }) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Account suspended');
    expect(screen.getByTestId('billing-status')).toHaveTextContent('Suspended');
    expect(screen.getByRole('button', { name: 'Activate Subscription' })).toBeInTheDocument();
    expect(callsTo(fetch, 'POST', '/auth/login')).toHaveLength(0);
  });

  it('welcomes back a company the server marks reactivated', async () => {
    billingServer({ data: subscribedData({ reactivated: true }) });
    render();
    expect(await screen.findByText('Welcome back! Your account is active again.')).toBeInTheDocument();
  });

  it('asks nothing when billing is off (no HR subscription in the identity)', async () => {
    const fetch = billingServer();
    render('/admin/manage/my-account', { who: identity({ hasHrSubscription: false, trialEnd: null }) });
    expect(await screen.findByText('Billing is not enabled on this deployment: there is nothing to pay.')).toBeInTheDocument();
    expect(callsTo(fetch, 'GET', '/myaccount/data')).toHaveLength(0);
  });

  it("shows a failed load in a 'Sorry' alert", async () => {
    billingServer({ more: { 'GET /myaccount/data': apiError(403, 'forbidden', 'Only the account admin can do this.') } });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry Only the account admin can do this.');
  });

  describe('returning from checkout', () => {
    it("refreshes the session's claims when the server says the company was suspended since sign-in, once", async () => {
      sessionStore.setToken(fakeToken(ADMIN));
      const suspended = fakeToken({ ...ADMIN, trialEnd: null, suspended: true });
      const fetch = billingServer({
        data: subscribedData({ status: 'suspended', amountDue: 1400 }),
        more: { 'POST /auth/login': json({ token: suspended, identity: {} }) },
      });
      render('/admin/manage/my-account', { who: identity({ trialEnd: null, suspended: false }) });
      await waitFor(() => expect(sessionStore.get()?.identity.suspended).toBe(true));
      expect(callsTo(fetch, 'POST', '/auth/login')).toHaveLength(1);
    });

    it('leaves the claims alone when they agree with the server', async () => {
      sessionStore.setToken(fakeToken(ADMIN));
      const fetch = billingServer({ data: subscribedData() });
      render('/admin/manage/my-account', { who: identity({ trialEnd: null, suspended: false }) });
      expect(await screen.findByRole('region', { name: /Subscription/ })).toBeInTheDocument();
      expect(callsTo(fetch, 'POST', '/auth/login')).toHaveLength(0);
    });

    it('activates once with the session id (strict mode too), refreshes the identity, reads the data after, and cleans the address', async () => {
      const signedIn = fakeToken(ADMIN);
      sessionStore.setToken(signedIn);
      const renewed = fakeToken({ ...ADMIN, trialEnd: null });
      const fetch = billingServer({
        data: subscribedData(),
        more: {
          'POST /myaccount/activate': json({ activationStatus: 1, message: 'Your subscription is active.', charge: charge(1) }),
          'POST /auth/login': json({ token: renewed, identity: {} }),
        },
      });
      const { router } = render('/admin/manage/my-account?session_id=cs_42&action=activate&supended=1', { strict: true });
      expect(await screen.findByTestId('checkout-message')).toHaveTextContent('Your subscription is active.');
      expect(screen.getByTestId('checkout-message').closest('[role]')).toHaveAttribute('role', 'status');
      const activations = callsTo(fetch, 'POST', '/myaccount/activate');
      expect(activations).toHaveLength(1);
      expect(bodyOf(activations[0]!.init)).toEqual({ token: 'cs_42' });
      expect(callsTo(fetch, 'POST', '/myaccount/update-card')).toHaveLength(0);
      // The session's claims follow the change (the trial end is gone).
      expect(bodyOf(callsTo(fetch, 'POST', '/auth/login')[0]!.init)).toEqual({ token: signedIn });
      await waitFor(() => expect(sessionStore.get()?.identity.trialEnd).toBeNull());
      // The data is read once the activation is done, and shows the subscription.
      expect(await screen.findByRole('region', { name: /Subscription/ })).toBeInTheDocument();
      const reads = callsTo(fetch, 'GET', '/myaccount/data');
      expect(reads.length).toBeGreaterThan(0);
      expect(reads[0]!.index).toBeGreaterThan(activations[0]!.index);
      expect(router.state.location.pathname).toBe('/admin/manage/my-account');
      expect(router.state.location.search).toBe('?supended=1');
      // Still one call after everything settled.
      expect(callsTo(fetch, 'POST', '/myaccount/activate')).toHaveLength(1);
    });

    it("shows the spec's warning when the activation fails", async () => {
      billingServer({ more: { 'POST /myaccount/activate': apiError(400, 'activation_failed', ACTIVATION_FAILED) } });
      const { router } = render('/admin/manage/my-account?session_id=cs_used&action=activate');
      const message = await screen.findByTestId('checkout-message');
      expect(message).toHaveTextContent(`Sorry ${ACTIVATION_FAILED}`);
      expect(message.closest('[role]')).toHaveAttribute('role', 'alert');
      // The page is shown all the same, still on trial.
      expect(await screen.findByRole('region', { name: /Free Trial/ })).toBeInTheDocument();
      expect(router.state.location.search).toBe('');
    });

    it('warns when the first charge of the activation is declined', async () => {
      billingServer({
        data: subscribedData({ status: 'past_due', amountDue: 2900 }),
        more: { 'POST /myaccount/activate': json({ activationStatus: 1, message: CARD_INVALID, charge: charge(1, { status: 'retrying' }) }) },
      });
      render('/admin/manage/my-account?session_id=cs_1&action=activate');
      expect(await screen.findByTestId('checkout-message')).toHaveTextContent(`Sorry ${CARD_INVALID}`);
      expect(await screen.findByText(/A payment failed; we will retry it/)).toBeInTheDocument();
    });

    it('saves a new card once and welcomes a reactivated company back', async () => {
      const fetch = billingServer({
        data: subscribedData(),
        more: { 'POST /myaccount/update-card': json({ card: { brand: 'mastercard', last4: '4444', expMonth: 11, expYear: 2031 }, reactivated: true, message: 'Your payment method has been updated.' }) },
      });
      const { router } = render('/admin/manage/my-account?session_id=cs_card&action=update-card', { strict: true });
      expect(await screen.findByTestId('checkout-message')).toHaveTextContent('Your payment method has been updated.');
      expect(await screen.findByText('Welcome back! Your account is active again.')).toBeInTheDocument();
      expect(callsTo(fetch, 'POST', '/myaccount/update-card').map(({ init }) => bodyOf(init))).toEqual([{ token: 'cs_card' }]);
      expect(callsTo(fetch, 'POST', '/myaccount/activate')).toHaveLength(0);
      expect(router.state.location.search).toBe('');
    });

    it('warns when the new card is declined', async () => {
      billingServer({ data: subscribedData({ status: 'suspended' }), more: { 'POST /myaccount/update-card': apiError(402, 'payment_failed', CARD_INVALID) } });
      render('/admin/manage/my-account?session_id=cs_card&action=update-card');
      expect(await screen.findByTestId('checkout-message')).toHaveTextContent(`Sorry ${CARD_INVALID}`);
      expect(screen.queryByText('Welcome back! Your account is active again.')).toBeNull();
    });
  });

  describe('promotion codes', () => {
    const WELCOME = { code: 'WELCOME', description: '20% off the first 3 months', monthsLeft: 2 };

    it("shows the company's promotion with what is left of it", async () => {
      billingServer({ data: subscribedData({ promotion: WELCOME }) });
      render();
      await screen.findByRole('region', { name: /Subscription/ });
      expect(fact('promotion')).toBe('WELCOME: 20% off the first 3 months (2 charges left)');
    });

    it("shows what the promotion takes off the next charge, from the server's total", async () => {
      const data = subscribedData({ promotion: WELCOME });
      billingServer({ data: { ...data, totalCharge: data.chargeDetail.base + data.chargeDetail.perUserTotal - 550 } });
      render();
      const breakdown = await screen.findByRole('table', { name: 'Next charge' });
      expect(within(breakdown).getByRole('row', { name: /Promotion discount/ })).toHaveTextContent('−$5.50');
    });

    it('shows no discount line when nothing is taken off', async () => {
      billingServer({ data: subscribedData() });
      render();
      const breakdown = await screen.findByRole('table', { name: 'Next charge' });
      expect(within(breakdown).queryByRole('row', { name: /Promotion discount/ })).toBeNull();
    });

    it('shows none without one (an answer from before promotions too)', async () => {
      const older: Partial<ReturnType<typeof subscribedData>> = subscribedData();
      delete older.promotion;
      billingServer({ data: older as ReturnType<typeof subscribedData> });
      render();
      await screen.findByRole('region', { name: /Subscription/ });
      expect(screen.queryByTestId('promotion')).toBeNull();
    });

    it('keeps the code typed on the trial for the checkout, and the activation sends it', async () => {
      const first = billingServer({ data: trialData() });
      const view = render();
      const plan = await screen.findByRole('region', { name: /Free Trial/ });
      const user = userEvent.setup();
      await user.type(within(plan).getByLabelText(/^Promotion code/), ' welcome ');
      await user.click(within(plan).getByRole('button', { name: 'Activate Subscription' }));
      expect(opened).toEqual(['https://checkout.example/cs_activate']);
      expect(callsTo(first, 'POST', '/myaccount/activate')).toHaveLength(0);
      view.unmount();

      // Back from the provider's checkout.
      const fetch = billingServer({
        data: subscribedData({ promotion: { ...WELCOME, code: 'WELCOME', monthsLeft: 3 } }),
        more: {
          'POST /myaccount/activate': json({ activationStatus: 1, message: 'Your subscription is active.', charge: charge(1, { discount: 580, totalAmount: 2320 }) }),
          'POST /auth/login': json({ token: fakeToken(ADMIN), identity: {} }),
        },
      });
      render('/admin/manage/my-account?session_id=cs_activate&action=activate');
      expect(await screen.findByTestId('checkout-message')).toHaveTextContent('Your subscription is active.');
      expect(callsTo(fetch, 'POST', '/myaccount/activate').map(({ init }) => bodyOf(init))).toEqual([{ token: 'cs_activate', promotCode: 'welcome' }]);
      // Sent once: another return does not send it again.
      expect(window.sessionStorage.length).toBe(0);
    });

    it("sends no code typed for another checkout, nor one when none was typed", async () => {
      const fetch = billingServer({ more: { 'POST /myaccount/activate': json({ activationStatus: 1, message: 'Your subscription is active.', charge: null }) } });
      window.sessionStorage.setItem('timekeep.activationPromotCode', JSON.stringify({ sessionId: 'cs_other', code: 'WELCOME' }));
      render('/admin/manage/my-account?session_id=cs_9&action=activate');
      expect(await screen.findByTestId('checkout-message')).toHaveTextContent('Your subscription is active.');
      expect(callsTo(fetch, 'POST', '/myaccount/activate').map(({ init }) => bodyOf(init))).toEqual([{ token: 'cs_9' }]);
    });

    it('shows a refused code in its field, to correct before activating again', async () => {
      billingServer({
        data: trialData(),
        more: { 'POST /myaccount/activate': apiError(400, 'validation', 'Validation failed', { promotCode: ['This promotion code does not exist.'] }) },
      });
      window.sessionStorage.setItem('timekeep.activationPromotCode', JSON.stringify({ sessionId: 'cs_activate', code: 'NOPE' }));
      render('/admin/manage/my-account?session_id=cs_activate&action=activate');
      expect(await screen.findByTestId('checkout-message')).toHaveTextContent('Sorry This promotion code does not exist.');
      const plan = await screen.findByRole('region', { name: /Free Trial/ });
      const field = within(plan).getByLabelText(/^Promotion code/);
      expect(field).toHaveValue('NOPE');
      expect(field).toHaveAccessibleDescription(/This promotion code does not exist\./);
    });

    it('lists the discount of past payments when one had a discount', async () => {
      billingServer({
        data: subscribedData(),
        more: {
          'GET /myaccount/charges': json({
            charges: [charge(2, { discount: 580, totalAmount: 2320 }), charge(1)],
            chargeCount: 2,
            page: 1,
            pageSize: 10,
          }),
        },
      });
      render();
      const table = await screen.findByRole('table', { name: 'Past payments' });
      expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Date', 'Period', 'Users', 'Base', 'Per User', 'Discount', 'Total', 'Status']);
      expect(bodyRows(table).map((cells) => cells.slice(5, 7))).toEqual([
        ['−$5.80', '$23.20'],
        ['—', '$29.00'],
      ]);
    });
  });

  describe('past payments', () => {
    it("says 'There are no past payments.' when there are none", async () => {
      billingServer({ charges: 0 });
      render();
      expect(await within(await screen.findByRole('region', { name: 'Past Payments' })).findByText('There are no past payments.')).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    });

    it('lists ten a page in dollars with their period and state, and pages through chargeCount', async () => {
      const fetch = billingServer({ data: subscribedData(), charges: 23 });
      render();
      const table = await screen.findByRole('table', { name: 'Past payments' });
      expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Date', 'Period', 'Users', 'Base', 'Per User', 'Total', 'Status']);
      const rows = bodyRows(table);
      expect(rows).toHaveLength(10);
      expect(rows[0]).toEqual(['Dec 27, 2026', 'Dec 27, 2026 – Jan 26, 2027', '7', '$8.00', '$21.00', '$29.00', 'Paid']);
      expect(callsTo(fetch, 'GET', '/myaccount/charges')[0]!.url.search).toBe('?page=1');

      const pager = screen.getByRole('navigation', { name: 'Pages' });
      expect(within(pager).getAllByRole('button', { name: /^Page / })).toHaveLength(3);
      const user = userEvent.setup();
      await user.click(within(pager).getByRole('button', { name: 'Page 3' }));
      await waitFor(() => expect(bodyRows(screen.getByRole('table', { name: 'Past payments' }))).toHaveLength(3));
      expect(callsTo(fetch, 'GET', '/myaccount/charges').map(({ url }) => url.search)).toEqual(['?page=1', '?page=3']);
      expect(within(pager).getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    });

    it('shows the states of declined charges', async () => {
      billingServer({
        data: subscribedData({ status: 'past_due' }),
        more: {
          'GET /myaccount/charges': json({
            charges: [charge(2, { status: 'retrying', attempts: 2 }), charge(1, { status: 'failed', totalAmount: 3200, perUserAmount: 2400, userCount: 8 })],
            chargeCount: 2,
            page: 1,
            pageSize: 10,
          }),
        },
      });
      render();
      const rows = bodyRows(await screen.findByRole('table', { name: 'Past payments' }));
      expect(rows.map((cells) => cells[6])).toEqual(['Retrying', 'Failed']);
      expect(rows[1]!.slice(2, 6)).toEqual(['8', '$8.00', '$24.00', '$32.00']);
    });
  });

  describe('Cancel Account', () => {
    it("asks with the spec's texts, cancels, shows the message and signs out 2 seconds later", async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const fetch = billingServer({ more: { 'POST /myaccount/cancel': json({ message: 'Your account has been cancelled.' }) } });
      const { onSignOut } = render();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const cancelSection = await screen.findByRole('region', { name: 'Cancel Account' });
      const cancelButton = within(cancelSection).getByRole('button', { name: 'Cancel Account' });

      // Keeping the account asks nothing of the server.
      await user.click(cancelButton);
      let dialog = await screen.findByRole('dialog', { name: "Once you hit cancel there's no going back!" });
      expect(dialog).toHaveTextContent('All your data will be deleted once your account is cancelled. It cannot be undone.');
      await user.click(within(dialog).getByRole('button', { name: 'Keep My Account' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(callsTo(fetch, 'POST', '/myaccount/cancel')).toHaveLength(0);

      await user.click(cancelButton);
      dialog = await screen.findByRole('dialog', { name: "Once you hit cancel there's no going back!" });
      await user.click(within(dialog).getByRole('button', { name: 'Yes, Cancel Account' }));
      expect(await screen.findByText('Your account has been cancelled.')).toBeInTheDocument();
      expect(screen.getByText('Signing you out ...')).toBeInTheDocument();
      expect(callsTo(fetch, 'POST', '/myaccount/cancel')).toHaveLength(1);
      expect(screen.queryByRole('region', { name: 'Past Payments' })).toBeNull();
      expect(onSignOut).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(SIGN_OUT_DELAY_MS / 2);
      expect(onSignOut).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(SIGN_OUT_DELAY_MS / 2);
      expect(onSignOut).toHaveBeenCalledTimes(1);
    });

    it("shows a refusal in a 'Sorry' alert and stays signed in", async () => {
      billingServer({ more: { 'POST /myaccount/cancel': apiError(403, 'forbidden', 'Only the account admin can do this.') } });
      const { onSignOut } = render();
      const user = userEvent.setup();
      await user.click(within(await screen.findByRole('region', { name: 'Cancel Account' })).getByRole('button', { name: 'Cancel Account' }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, Cancel Account' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Sorry Only the account admin can do this.');
      expect(onSignOut).not.toHaveBeenCalled();
    });
  });
});
