import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { PLAN_HAS_HISTORY, PLAN_HAS_PEOPLE } from '../api/plans';
import { callsTo, PLANS, ptoManageServer, ptoPlan } from '../testing/pto-manage-server';
import { COMPLIANCE, sickLeaveRoutes } from '../testing/sick-leave';
import { PtoPlansSection } from './plan-cards';

const card = (name: string) => {
  const found = screen.getAllByTestId('pto-plan').find((candidate) => within(candidate).queryByText(name, { selector: 'p' }));
  if (!found) throw new Error(`no card for ${name}`);
  return found;
};

describe('the PTO plan cards (002 §2 "Plans section")', () => {
  it('shows each plan with its kind, rules and enrolled people per year', async () => {
    ptoManageServer();
    renderWithApp(<PtoPlansSection canEdit />);
    expect(await screen.findAllByTestId('pto-plan')).toHaveLength(2);
    const standard = card('Standard');
    expect(standard).toHaveTextContent('Fixed');
    expect(standard).toHaveTextContent('Vacation: 80 hrs/year');
    expect(standard).toHaveTextContent('Sick: 40 hrs/year');
    expect(within(standard).getByTestId('pto-plan-enrolled')).toHaveTextContent('2026: 2 enrolled');
    const partTime = card('Part-time');
    expect(partTime).toHaveTextContent('Accrued');
    expect(within(partTime).getByTestId('pto-plan-enrolled')).toHaveTextContent('Nobody enrolled yet');
  });

  it('blocks deleting a plan people are enrolled in, and deletes another after the confirmation', async () => {
    const { fetch } = ptoManageServer();
    renderWithApp(<PtoPlansSection canEdit />);
    const user = userEvent.setup();
    await screen.findAllByTestId('pto-plan');
    expect(within(card('Standard')).getByRole('button', { name: 'Delete Standard' })).toBeDisabled();
    await user.hover(within(card('Standard')).getByTestId('delete-blocked'));
    expect(await screen.findByText(PLAN_HAS_PEOPLE)).toBeInTheDocument();

    await user.click(within(card('Part-time')).getByRole('button', { name: 'Delete Part-time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent("Once you do this there's no going back!");
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('pto-plan')).toHaveLength(1));
    expect(callsTo(fetch, '/settings/inactive-pto-policy')[0]!.url).toBe('/server/v1/settings/inactive-pto-policy?id=4');
  });

  it('keeps a plan everyone moved away from, saying why', async () => {
    const left = ptoPlan({ id: 5, name: 'Old Plan', associatedYears: [2026], deletable: false });
    ptoManageServer({ plans: [...PLANS, left] });
    renderWithApp(<PtoPlansSection canEdit />);
    const user = userEvent.setup();
    await screen.findAllByTestId('pto-plan');
    expect(within(card('Old Plan')).getByTestId('pto-plan-enrolled')).toHaveTextContent('Nobody enrolled yet');
    expect(within(card('Old Plan')).getByRole('button', { name: 'Delete Old Plan' })).toBeDisabled();
    await user.hover(within(card('Old Plan')).getByTestId('delete-blocked'));
    expect(await screen.findByText(PLAN_HAS_HISTORY)).toBeInTheDocument();
  });

  it("opens the plan's edit panel, and the wizard from '+ Create New PTO Plan'", async () => {
    ptoManageServer();
    renderWithApp(<PtoPlansSection canEdit />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Standard' }));
    const dock = await screen.findByRole('dialog', { name: 'Edit PTO Plan' });
    expect(within(dock).getByRole('textbox', { name: /Plan name/ })).toHaveValue('Standard');
    await user.click(within(dock).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit PTO Plan' })).toBeNull());

    await user.click(screen.getByRole('button', { name: '+ Create New PTO Plan' }));
    expect(await screen.findByRole('dialog', { name: 'Create New PTO Plan' })).toBeInTheDocument();
  });

  it("asks before closing the plan's edit panel over a changed name", async () => {
    ptoManageServer();
    renderWithApp(<PtoPlansSection canEdit />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Standard' }));
    const dock = await screen.findByRole('dialog', { name: 'Edit PTO Plan' });
    const name = within(dock).getByRole('textbox', { name: /Plan name/ });
    await user.type(name, ' Plus');
    await user.click(within(dock).getByRole('button', { name: 'Close' }));
    const question = await screen.findByRole('dialog', { name: /Discard unsaved changes/ });
    await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
    expect(name).toHaveValue('Standard Plus');
    await user.click(within(dock).getByRole('button', { name: 'Close' }));
    await user.click(within(await screen.findByRole('dialog', { name: /Discard unsaved changes/ })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit PTO Plan' })).toBeNull());
  });

  it('shows a manager the plans without Create, Edit or Delete', async () => {
    ptoManageServer();
    renderWithApp(<PtoPlansSection canEdit={false} />);
    expect(await screen.findAllByTestId('pto-plan')).toHaveLength(2);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says on each card whether the plan meets the sick-leave law where its people work (issue 38)', async () => {
    ptoManageServer({ extra: sickLeaveRoutes() });
    renderWithApp(<PtoPlansSection canEdit />);
    await screen.findAllByTestId('pto-plan');
    const meets = await within(card('Standard')).findByTestId('plan-compliance');
    expect(within(meets).getByText('Meets sick-leave law')).toBeInTheDocument();
    expect(meets).toHaveTextContent('California: Every employer');
    const short = await within(card('Part-time')).findByTestId('plan-compliance');
    expect(within(short).getByText('Falls short of California')).toBeInTheDocument();
    expect(within(short).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      "Balance cap 40 h is below California's 80 h",
      "Time is usable from day 121 of employment; California's law makes it usable from day 90",
    ]);
  });

  it('says nothing where no law applies, and asks nothing for a manager', async () => {
    const noLaw = { ...COMPLIANCE, plans: COMPLIANCE.plans.map((plan) => ({ ...plan, compliant: true, places: plan.places.map((place) => ({ ...place, state: 'TX', laws: [], shortfalls: [] })) })) };
    const { fetch } = ptoManageServer({ extra: sickLeaveRoutes({ compliance: noLaw }) });
    const { unmount } = renderWithApp(<PtoPlansSection canEdit />);
    await screen.findAllByTestId('pto-plan');
    await waitFor(() => expect(callsTo(fetch, '/pto-manage/sick-leave-compliance')).toHaveLength(1));
    expect(screen.queryByTestId('plan-compliance')).toBeNull();
    unmount();

    fetch.mockClear();
    renderWithApp(<PtoPlansSection canEdit={false} />);
    expect(await screen.findAllByTestId('pto-plan')).toHaveLength(2);
    expect(callsTo(fetch, '/pto-manage/sick-leave-compliance')).toHaveLength(0);
    expect(callsTo(fetch, '/pto-manage/sick-leave-laws')).toHaveLength(0);
  });
});
