import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { ptoManageServer } from '../testing/pto-manage-server';
import { COMPLIANCE, sickLeaveRoutes } from '../testing/sick-leave';
import { placeText, SickLeaveReport } from './sick-leave-report';

describe('the sick leave compliance report (issue 38)', () => {
  it('lists every plan in every place with the laws, the closest type and the shortfalls', async () => {
    const report = {
      ...COMPLIANCE,
      plans: [
        ...COMPLIANCE.plans,
        { planId: 5, planName: 'Remote', compliant: true, places: [{ state: 'TX', city: null, employees: 1, laws: [], ptoTypeName: 'Vacation', shortfalls: [] }] },
        { planId: 6, planName: 'Nowhere', compliant: true, places: [{ state: null, city: null, employees: 0, laws: [], ptoTypeName: null, shortfalls: [] }] },
      ],
    };
    ptoManageServer({ extra: sickLeaveRoutes({ compliance: report }) });
    renderWithApp(<SickLeaveReport />);
    expect(await screen.findByRole('heading', { name: 'Sick leave compliance' })).toBeInTheDocument();
    expect(await screen.findByTestId('report-as-of')).toHaveTextContent('As of 11/29/2026, with 8 active people');
    const rows = screen.getAllByTestId('sick-leave-row');
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent('Standard');
    expect(rows[0]).toHaveTextContent('Fresno, CA');
    expect(rows[0]).toHaveTextContent('California: Every employer');
    expect(rows[0]).toHaveTextContent('Sick');
    expect(rows[0]).toHaveTextContent('Meets the law');
    expect(rows[1]).toHaveTextContent('Nobody yet');
    expect(within(rows[1]!).getByTestId('report-shortfalls')).toHaveTextContent("Balance cap 40 h is below California's 80 h");
    expect(rows[2]).toHaveTextContent('No paid sick leave law on record for TX');
    expect(within(rows[3]!).getByRole('link', { name: "Set the company's address" })).toHaveAttribute('href', '/admin/manage/company-profile');
    expect(screen.getByRole('link', { name: 'Back to PTO' })).toHaveAttribute('href', '/admin/ptomanage');
  });

  it('names a place by its city and state', () => {
    expect(placeText({ state: 'NY', city: 'New York' })).toBe('New York, NY');
    expect(placeText({ state: 'CA', city: null })).toBe('CA');
    expect(placeText({ state: null, city: null })).toBe('No address');
  });
});
