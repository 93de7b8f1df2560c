import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { DONE_TITLE, TourDoneModal, UPDATE_PROFILE } from './tour-done-modal';

const NEXT = { label: 'Add Your Employees', to: '/admin/manage/add-user' };
const original = window.matchMedia;

function openTheModal() {
  renderWithApp(<TourDoneModal opened onClose={() => {}} next={NEXT} />);
  const dialog = screen.getByRole('dialog', { name: DONE_TITLE });
  const actions = within(dialog).getByTestId('tour-done-actions');
  const names = [...actions.querySelectorAll('a, button')].map((control) => control.textContent);
  return { dialog, actions, names };
}

describe("the tour's done modal", () => {
  afterEach(() => {
    window.matchMedia = original;
  });

  it('keeps its three buttons on one row of a desktop, in a modal wide enough for them', () => {
    const { dialog, actions, names } = openTheModal();
    expect(names).toEqual(['Done', NEXT.label, UPDATE_PROFILE]);
    expect(actions.style.getPropertyValue('--group-wrap')).toBe('nowrap');
    expect(within(dialog).getByRole('link', { name: UPDATE_PROFILE })).not.toHaveAttribute('data-block');
    // Mantine's 'md' modal (440px) has no room for the three in a row; 'lg' (620px) has.
    expect((dialog.closest('.mantine-Modal-root') as HTMLElement).style.getPropertyValue('--modal-size')).toBe('var(--modal-size-lg)');
  });

  it('stacks them full width on a phone, the profile first and Done last', () => {
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('max-width: 767px') })) as typeof window.matchMedia;
    const { actions, names } = openTheModal();
    expect(names).toEqual([UPDATE_PROFILE, NEXT.label, 'Done']);
    expect(actions).toHaveClass('mantine-Stack-root');
    for (const control of actions.querySelectorAll('a, button')) expect(control).toHaveAttribute('data-block', 'true');
  });
});
