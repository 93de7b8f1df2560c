import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bodyOf } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { hrPolicy, hrServer, hrWorkflow } from '../testing/hr-server';
import { BroadcastPublisher } from './broadcast-publisher';

const TZ = 'America/New_York';

const published = (fetch: ReturnType<typeof hrServer>['fetch']) =>
  fetch.mock.calls.filter(([url]) => String(url) === '/server/v1/policy/publish').map(([, init]) => bodyOf(init as RequestInit));

function renderPublisher(policy = hrPolicy({ id: 71, title: 'Code of conduct', version: 2 })) {
  const onPublished = vi.fn();
  renderWithApp(<BroadcastPublisher policy={policy} timeZone={TZ} selfId={1} onPublished={onPublished} />);
  return { onPublished };
}

describe('the HR Broadcast publisher', () => {
  it("asks who receives it and whether it is an onboarding policy, in the spec's words", async () => {
    const { fetch } = hrServer({ policies: [hrPolicy({ id: 71 })] });
    const { onPublished } = renderPublisher();
    const form = await screen.findByRole('form', { name: 'HR Broadcast publisher' });
    expect(within(form).getByRole('heading', { name: 'Code of conduct' })).toBeInTheDocument();
    expect(form).toHaveTextContent('Version 2');
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await within(form).findByText('Tell us who should receive the policy')).toBeInTheDocument();
    expect(within(form).getByText('Tell us if this an onboarding policy')).toBeInTheDocument();

    // Selected members: at least one, never the publisher.
    await user.click(within(form).getByRole('radio', { name: 'Selected members' }));
    await user.click(within(form).getByRole('radio', { name: 'Yes' }));
    await user.click(within(form).getByRole('radio', { name: 'By a date' }));
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await within(form).findByText('Select at least one employee to receive the policy')).toBeInTheDocument();
    expect(within(form).getByText('Please input the Due date')).toBeInTheDocument();
    expect(within(form).getByText('Input the days for new employees to complete')).toBeInTheDocument();

    await user.click(within(form).getByLabelText(/^Members/, { selector: 'input' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Emma Brooks', 'Liam Carter']);
    await user.click(screen.getByRole('option', { name: 'Liam Carter' }));
    await user.type(within(form).getByRole('textbox', { name: 'Due date' }), '01/01/2020');
    await user.type(within(form).getByRole('textbox', { name: 'Days for new employees to complete' }), '400');
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    // The date picker takes no day before today: the date is still missing.
    await waitFor(() => expect(within(form).queryByText('Select at least one employee to receive the policy')).toBeNull());
    expect(within(form).getByText('Please input the Due date')).toBeInTheDocument();
    expect(within(form).getByText('Input the days for new employees to complete')).toBeInTheDocument();
    expect(published(fetch)).toHaveLength(0);

    const due = within(form).getByRole('textbox', { name: 'Due date' });
    await user.clear(due);
    await user.type(due, '12/31/2099');
    const days = within(form).getByRole('textbox', { name: 'Days for new employees to complete' });
    await user.clear(days);
    await user.type(days, '30');
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(onPublished).toHaveBeenCalledTimes(1));
    expect(published(fetch)).toEqual([
      { policyId: 71, applicableToAll: 0, employee: [10], jobroles: [], ack: 1, dueDate: '2099-12-31', onboardingPolicy: 1, autoCertifyDueDays: 30 },
    ]);
  });

  it("publishes to job roles (each showing how many hold it) and shows the server's 'nobody' on the field", async () => {
    const { fetch } = hrServer({ policies: [hrPolicy({ id: 71 })] });
    const { onPublished } = renderPublisher();
    const form = await screen.findByRole('form', { name: 'HR Broadcast publisher' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('radio', { name: 'By job role' }));
    await user.click(within(form).getByRole('radio', { name: 'No' }));
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await within(form).findByText('Select at least one job role to receive the policy')).toBeInTheDocument();

    await user.click(within(form).getByLabelText(/^Job roles/, { selector: 'input' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Producer (2)', 'Nobody holds it (0)']);
    await user.click(screen.getByRole('option', { name: 'Nobody holds it (0)' }));
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await within(form).findByText('Nobody you manage would receive the policy')).toBeInTheDocument();
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(onPublished).not.toHaveBeenCalled();
    expect(published(fetch)[0]).toEqual({ policyId: 71, applicableToAll: 2, employee: [], jobroles: [2], ack: 0, dueDate: null, onboardingPolicy: 0, autoCertifyDueDays: null });
  });

  it('starts from what a policy published before was: an onboarding policy with its days', async () => {
    const policy = hrPolicy({ id: 71, onboardingPolicy: 1, autoCertifyDueDays: 21, workflows: [hrWorkflow({ id: 81, policyId: 71 })] });
    const { fetch } = hrServer({ policies: [policy] });
    const { onPublished } = renderPublisher(policy);
    const form = await screen.findByRole('form', { name: 'HR Broadcast publisher' });
    expect(within(form).getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: 'Days for new employees to complete' })).toHaveValue('21');
    expect(within(form).getByRole('radio', { name: 'Immediately' })).toBeChecked();
    const user = userEvent.setup();
    await user.click(within(form).getByRole('radio', { name: 'Entire team' }));
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(onPublished).toHaveBeenCalledTimes(1));
    expect(published(fetch)[0]).toMatchObject({ applicableToAll: 1, ack: 0, onboardingPolicy: 1, autoCertifyDueDays: 21 });
  });
});
