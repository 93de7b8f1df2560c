import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { hrServer, hrType } from '../testing/hr-server';
import { DocumentEventTypesTab } from './document-event-types-tab';
import { PolicyTypesTab } from './policy-types-tab';

const rows = (section: HTMLElement) => within(section).getAllByTestId('hr-type').map((row) => row.textContent);
const postsTo = (fetch: ReturnType<typeof hrServer>['fetch'], path: string) =>
  fetch.mock.calls.filter(([url]) => String(url).startsWith(`/server/v1${path}`)).map(([url, init]) => ({ url: String(url), init: init as RequestInit }));

describe('Settings tab 5, Document & Event Types', () => {
  it('lists document types with their onboarding flag and event types, active and inactive', async () => {
    hrServer();
    renderWithApp(<DocumentEventTypesTab />);
    const docs = await screen.findByTestId('doc-types');
    await waitFor(() => expect(rows(docs)).toEqual([expect.stringMatching(/^ContractNoActive/), expect.stringMatching(/^W-4Yes, 14 daysActive/)]));
    expect(within(docs).getByRole('heading', { name: 'Document Types' })).toBeInTheDocument();
    const events = screen.getByTestId('event-types');
    expect(rows(events)).toEqual([expect.stringMatching(/^ReviewActive/), expect.stringMatching(/^WarningActive/), expect.stringMatching(/^Old kindInactive/)]);
    // A retired type can be brought back; an active one retired.
    expect(within(events).getByRole('button', { name: 'Make Active: Old kind' })).toBeInTheDocument();
    expect(within(events).getByRole('button', { name: 'Make Inactive: Review' })).toBeInTheDocument();
  });

  it('adds an onboarding document type, checks the name first and shows the server’s refusal on the field', async () => {
    const { fetch } = hrServer();
    renderWithApp(<DocumentEventTypesTab />);
    const docs = await screen.findByTestId('doc-types');
    const user = userEvent.setup();
    const form = within(docs).getByRole('form', { name: 'Add a document type' });
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('Please input the Name')).toBeInTheDocument();
    expect(postsTo(fetch, '/settings/update-doc-type')).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: 'New document type' }), 'contract');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('There is already a type with this name')).toBeInTheDocument();

    await user.clear(within(form).getByRole('textbox', { name: 'New document type' }));
    await user.type(within(form).getByRole('textbox', { name: 'New document type' }), 'I-9');
    // The days show once the type is an onboarding one: 14 unless changed.
    expect(within(form).queryByRole('textbox', { name: 'Onboarding days' })).toBeNull();
    await user.click(within(form).getByRole('checkbox', { name: 'Onboarding document' }));
    expect(within(form).getByRole('textbox', { name: 'Onboarding days' })).toHaveValue('14');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(rows(docs)).toContainEqual(expect.stringMatching(/^I-9Yes, 14 daysActive/)));
    expect(bodyOf(postsTo(fetch, '/settings/update-doc-type').at(-1)!.init)).toEqual({ name: 'I-9', onboardingDoc: 1, onboardingDays: 14 });
    expect(within(form).getByRole('textbox', { name: 'New document type' })).toHaveValue('');
    expect(within(form).getByRole('checkbox', { name: 'Onboarding document' })).not.toBeChecked();
  });

  it("changes an onboarding document type's days (1 to 365), and sends none for a type that is not one", async () => {
    const { fetch } = hrServer();
    renderWithApp(<DocumentEventTypesTab />);
    const docs = await screen.findByTestId('doc-types');
    await within(docs).findByText('W-4');
    const user = userEvent.setup();
    await user.click(within(docs).getByRole('button', { name: 'Edit W-4' }));
    const days = within(docs).getByRole('textbox', { name: 'Onboarding days: W-4' });
    expect(days).toHaveValue('14');
    await user.clear(days);
    await user.type(days, '400');
    await user.click(within(docs).getByRole('button', { name: 'Save' }));
    expect(await within(docs).findByText('Input the days for new employees to complete (1 to 365)')).toBeInTheDocument();
    expect(postsTo(fetch, '/settings/update-doc-type')).toHaveLength(0);
    await user.clear(days);
    await user.type(days, '30');
    await user.click(within(docs).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(rows(docs)).toContainEqual(expect.stringMatching(/^W-4Yes, 30 daysActive/)));
    expect(bodyOf(postsTo(fetch, '/settings/update-doc-type')[0]!.init)).toEqual({ id: 12, name: 'W-4', onboardingDoc: 1, onboardingDays: 30 });

    // No longer an onboarding type: no days are sent.
    await user.click(within(docs).getByRole('button', { name: 'Edit W-4' }));
    await user.click(within(docs).getByRole('checkbox', { name: 'Onboarding document: W-4' }));
    expect(within(docs).queryByRole('textbox', { name: 'Onboarding days: W-4' })).toBeNull();
    await user.click(within(docs).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(rows(docs)).toContainEqual(expect.stringMatching(/^W-4NoActive/)));
    expect(bodyOf(postsTo(fetch, '/settings/update-doc-type')[1]!.init)).toEqual({ id: 12, name: 'W-4', onboardingDoc: 0 });
  });

  it('renames an event type inline, retires one after the question and brings a retired one back', async () => {
    const { fetch } = hrServer();
    renderWithApp(<DocumentEventTypesTab />);
    const events = await screen.findByTestId('event-types');
    await within(events).findByText('Review');
    const user = userEvent.setup();
    await user.click(within(events).getByRole('button', { name: 'Edit Review' }));
    const rename = within(events).getByRole('textbox', { name: 'New name for Review' });
    await user.clear(rename);
    await user.type(rename, 'Performance Review');
    await user.click(within(events).getByRole('button', { name: 'Save' }));
    expect(await within(events).findByText('Performance Review')).toBeInTheDocument();
    // Event types carry no onboarding flag.
    expect(bodyOf(postsTo(fetch, '/settings/update-event-type')[0]!.init)).toEqual({ id: 1, name: 'Performance Review' });

    await user.click(within(events).getByRole('button', { name: 'Make Inactive: Warning' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent('Warning will no longer be offered when adding records. Records that have it keep it.');
    await user.click(within(dialog).getByRole('button', { name: 'Make Inactive' }));
    await waitFor(() => expect(rows(events)).toContainEqual(expect.stringMatching(/^WarningInactive/)));
    expect(postsTo(fetch, '/settings/inactive-event-type')[0]!.url).toBe('/server/v1/settings/inactive-event-type?id=2');

    await user.click(within(events).getByRole('button', { name: 'Make Active: Old kind' }));
    await waitFor(() => expect(rows(events)).toContainEqual(expect.stringMatching(/^Old kindActive/)));
    expect(bodyOf(postsTo(fetch, '/settings/update-event-type')[1]!.init)).toEqual({ id: 3, name: 'Old kind' });
  });
});

describe('Settings tab 6, Policy Types', () => {
  it('lists the policy types and says so when there are none', async () => {
    hrServer({ policyTypes: [] });
    const view = renderWithApp(<PolicyTypesTab />);
    expect(await screen.findByTestId('policy-types-empty')).toHaveTextContent('There is no policy type yet');
    view.unmount();

    hrServer({ policyTypes: [hrType({ id: 21, name: 'Conduct' }), hrType({ id: 22, name: 'Safety', active: false })] });
    renderWithApp(<PolicyTypesTab />);
    const section = await screen.findByTestId('policy-types');
    await waitFor(() => expect(rows(section)).toEqual([expect.stringMatching(/^ConductActive/), expect.stringMatching(/^SafetyInactive/)]));
    expect(within(section).queryByRole('checkbox')).toBeNull();
  });
});
