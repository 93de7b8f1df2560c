import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { hrPolicy, hrRecipient, hrServer, hrType, hrWorkflow } from '../testing/hr-server';
import { BroadcastHistoryScreen } from './broadcast-history-screen';

const TZ = 'America/New_York';

const renderScreen = (path = '/admin/manage/hr-policy') => renderWithApp(<BroadcastHistoryScreen timeZone={TZ} selfId={1} />, { path });

const listCalls = (fetch: ReturnType<typeof hrServer>['fetch']) =>
  fetch.mock.calls.map(([url]) => new URL(String(url), 'http://x')).filter((u) => u.pathname === '/server/v1/policy/policies');

const rows = () => screen.getAllByTestId('broadcast');
const rowOf = (title: string) => rows().find((row) => within(row).queryByText(title) !== null)!;

/** Two people pending, one acknowledged, one declined… as each case needs. */
const people = (...statuses: number[]) =>
  statuses.map((certifyStatus, i) => hrRecipient({ employeeId: 100 + i, firstname: `P${i}`, lastname: 'X', certifyStatus, certifyDate: certifyStatus ? '2026-03-03T15:00:00Z' : null }));

describe('the HR Broadcast History (/admin/manage/hr-policy)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists the policies with their latest publication's status text, sorts, filters by type and pages 10 at a time", async () => {
    const many = Array.from({ length: 9 }, (_, i) => hrPolicy({ id: 200 + i, title: `Policy ${String(i + 1).padStart(2, '0')}`, createDate: `2026-01-0${i + 1}T15:00:00Z` }));
    const { fetch } = hrServer({
      policyTypes: [hrType({ id: 21, name: 'Conduct' }), hrType({ id: 22, name: 'Safety' }), hrType({ id: 23, name: 'Old kind', active: false })],
      policies: [
        ...many,
        hrPolicy({ id: 71, title: 'Progressing', createDate: '2026-02-01T15:00:00Z', lastPublishDate: '2026-03-02T15:00:00Z' }),
        hrPolicy({ id: 72, title: 'All answered', policyTypeId: 22, typeName: 'Safety', createDate: '2026-02-02T15:00:00Z' }),
        hrPolicy({ id: 73, title: 'Halted', createDate: '2026-02-03T15:00:00Z' }),
        hrPolicy({ id: 74, title: 'Called off', createDate: '2026-02-04T15:00:00Z' }),
      ],
      workflows: [
        // An older publication of 'Progressing': only the newest one counts.
        hrWorkflow({ id: 80, policyId: 71, status: 3, stoppedAt: '2026-03-01T15:00:00Z', recipients: people(0) }),
        hrWorkflow({ id: 81, policyId: 71, recipients: people(0, 1, 2) }),
        hrWorkflow({ id: 82, policyId: 72, recipients: people(1, 2) }),
        // 02:30 UTC on Mar 7 is still Mar 6 in New York.
        hrWorkflow({ id: 83, policyId: 73, status: 3, stoppedAt: '2026-03-07T02:30:00Z', recipients: people(0, 1) }),
        hrWorkflow({ id: 84, policyId: 74, status: 2, cancelledAt: '2026-03-08T15:00:00Z', recipients: people(0) }),
      ],
    });
    renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'HR Broadcast History' })).toBeInTheDocument();
    expect(document.title).toBe('HR Broadcast History | Timekeep');
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(listCalls(fetch)[0]!.search).toBe('?page=1&sort=-createDate');
    // Newest first: the four published ones lead.
    expect(within(rowOf('Called off')).getByTestId('policy-status')).toHaveTextContent('Cancelled Mar 08, 2026');
    expect(within(rowOf('Halted')).getByTestId('policy-status')).toHaveTextContent('Stopped Mar 06, 2026');
    expect(within(rowOf('All answered')).getByTestId('policy-status')).toHaveTextContent('Completed');
    expect(within(rowOf('Progressing')).getByTestId('policy-status')).toHaveTextContent('In Progress (2/3)');
    expect(rowOf('Progressing')).toHaveTextContent('Mar 02, 2026');
    expect(within(rowOf('Policy 09')).getByTestId('policy-status')).toHaveTextContent('Not published yet');
    // Never published: no status to show.
    expect(within(rowOf('Policy 09')).getByRole('button', { name: 'Status of Policy 09' })).toBeDisabled();
    expect(within(rowOf('Progressing')).getByRole('button', { name: 'Status of Progressing' })).toBeEnabled();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(listCalls(fetch).at(-1)!.search).toBe('?page=2&sort=-createDate');

    await user.click(screen.getByLabelText('Sort by', { selector: 'input' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Title', 'Type', 'Create Date', 'Broadcast Date']);
    await user.click(screen.getByRole('option', { name: 'Title' }));
    await waitFor(() => expect(rows()[0]).toHaveTextContent('All answered'));
    expect(listCalls(fetch).at(-1)!.search).toBe('?page=1&sort=title');

    await user.click(screen.getByLabelText('Type', { selector: 'input' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['-- All --', 'Conduct', 'Safety', 'Old kind (inactive)']);
    await user.click(screen.getByRole('option', { name: 'Safety' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(listCalls(fetch).at(-1)!.search).toBe('?page=1&sort=title&policyTypeId=22');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it("removes a broadcast after 'Once you remove this Broadcast it's gone forever.'", async () => {
    const { fetch, state } = hrServer({ policies: [hrPolicy({ id: 71, title: 'Code of conduct' }), hrPolicy({ id: 72, title: 'Dress code' })] });
    const shown = vi.spyOn(notifications, 'show');
    renderScreen();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const user = userEvent.setup();
    await user.click(within(rowOf('Dress code')).getByRole('button', { name: 'Delete Dress code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent("Once you remove this Broadcast it's gone forever.");
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull());
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/policy/delete'))).toBe(false);

    await user.click(within(rowOf('Dress code')).getByRole('button', { name: 'Delete Dress code' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Code of conduct');
    expect(shown).toHaveBeenCalledWith({ color: 'green', message: 'The broadcast has been removed.' });
    expect(bodyOf(fetch.mock.calls.find(([url]) => String(url).endsWith('/policy/delete'))![1] as RequestInit)).toEqual({ id: 72 });
    expect(state.policies.map((p) => p.id)).toEqual([71]);
  });

  it('opens the add panel for ?startAdd=1 and drops the flag when it closes', async () => {
    hrServer();
    const { router } = renderScreen('/admin/manage/hr-policy?startAdd=1');
    const dock = await screen.findByRole('dialog', { name: 'Add Broadcast' });
    expect(await within(dock).findByRole('textbox', { name: 'Title' })).toBeInTheDocument();
    await userEvent.setup().click(within(dock).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Broadcast' })).toBeNull());
  });

  it('links to settings tab 6 when there are no policy types', async () => {
    hrServer({ policyTypes: [hrType({ id: 23, name: 'Old kind', active: false })] });
    renderScreen();
    const hint = await screen.findByTestId('no-types');
    expect(hint).toHaveTextContent('There is no policy type yet.');
    expect(within(hint).getByRole('link', { name: 'Set up the types' })).toHaveAttribute('href', '/admin/manage/settings?tab=6&return=/admin/manage/hr-policy');
    expect(screen.getByText('There is no HR broadcast yet')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: '+ Add HR Broadcast' }));
    const dock = await screen.findByRole('dialog', { name: 'Add Broadcast' });
    expect(await within(dock).findByRole('link', { name: 'Set up the types' })).toHaveAttribute('href', '/admin/manage/settings?tab=6&return=/admin/manage/hr-policy');
  });

  it('adds a broadcast, goes on to the publisher with Next, publishes and shows the list again at page 1', async () => {
    const many = Array.from({ length: 11 }, (_, i) => hrPolicy({ id: 200 + i, title: `Policy ${i + 1}`, createDate: `2026-01-0${(i % 9) + 1}T15:00:00Z` }));
    const { fetch, state } = hrServer({ policies: many });
    const shown = vi.spyOn(notifications, 'show');
    renderScreen();
    await waitFor(() => expect(rows()).toHaveLength(10));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(rows()).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: '+ Add HR Broadcast' }));
    const dock = await screen.findByRole('dialog', { name: 'Add Broadcast' });
    await user.type(await within(dock).findByRole('textbox', { name: 'Title' }), 'Remote work');
    await user.click(within(dock).getByLabelText(/^Type of policy/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Conduct' }));
    const editor = await within(dock).findByRole('textbox', { name: 'Content' }, { timeout: 45_000 });
    await user.click(editor);
    await user.keyboard('Work from anywhere');
    await user.click(within(dock).getByRole('button', { name: 'Next' }));

    const publisher = await screen.findByRole('dialog', { name: 'HR Broadcast Publisher' });
    expect(shown).toHaveBeenCalledWith({ color: 'green', message: 'The Broadcast has been saved.' });
    expect(within(publisher).getByRole('heading', { name: 'Remote work' })).toBeInTheDocument();
    await user.click(await within(publisher).findByRole('radio', { name: 'Entire team' }));
    await user.click(within(publisher).getByRole('radio', { name: 'No' }));
    await user.click(within(publisher).getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'HR Broadcast Publisher' })).toBeNull());
    expect(shown).toHaveBeenCalledWith({ color: 'green', message: 'The Broadcast has been published.' });
    // Back at page 1, the new policy first, with its publication under way.
    await waitFor(() => expect(listCalls(fetch).at(-1)!.search).toBe('?page=1&sort=-createDate'));
    await waitFor(() => expect(within(rowOf('Remote work')).getByTestId('policy-status')).toHaveTextContent('In Progress (0/2)'));
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    const saved = state.policies.find((p) => p.title === 'Remote work')!;
    expect(saved.content).toBe('<p>Work from anywhere</p>');
    expect(bodyOf(fetch.mock.calls.find(([url]) => String(url).endsWith('/policy/publish'))![1] as RequestInit)).toEqual({
      policyId: saved.id,
      applicableToAll: 1,
      employee: [],
      jobroles: [],
      ack: 0,
      dueDate: null,
      onboardingPolicy: 0,
      autoCertifyDueDays: null,
    });
  });

  it('shows cards on a phone (390 px), with every action named', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('max-width: 767px') })) as typeof window.matchMedia;
    try {
      hrServer({ policies: [hrPolicy({ id: 71, title: 'Code of conduct' })], workflows: [hrWorkflow({ id: 81, policyId: 71, recipients: people(0) })] });
      renderScreen();
      const card = await screen.findByTestId('broadcast');
      expect(screen.queryByRole('table')).toBeNull();
      expect(within(card).getByTestId('policy-status')).toHaveTextContent('In Progress (0/1)');
      for (const action of ['Edit', 'Publish', 'Status of', 'Delete']) {
        expect(within(card).getByRole('button', { name: `${action} Code of conduct` })).toBeInTheDocument();
      }
      await userEvent.setup().click(within(card).getByRole('button', { name: 'Status of Code of conduct' }));
      const dock = await screen.findByRole('dialog', { name: 'Broadcast Status' });
      expect(screen.getByTestId('broadcast-dock')).toHaveAttribute('data-width', 'full');
      expect(await within(dock).findByTestId('recipient')).toHaveTextContent('P0 X');
    } finally {
      window.matchMedia = original;
    }
  });
});
