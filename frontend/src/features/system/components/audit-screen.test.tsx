import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/lib/session';
import { renderWithApp } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';
import { auditEntry, OPERATOR, queriesTo, systemServer } from '../testing/system-server';
import { bodyRows, headers } from '../testing/tables';
import { AuditScreen } from './audit-screen';

const render = (path = '/sy5tem/audit') => renderWithApp(<AuditScreen />, { path });

const ENTRIES = [
  auditEntry(3, { action: 'impersonate', actingAs: 'owner@acme.example', detail: 'Support session' }),
  auditEntry(2, { at: '2026-11-25T15:02:00Z', companyId: 8, companyName: 'Beta Bakery', action: 'suspend-company' }),
  auditEntry(1, { at: '2026-11-24T15:02:00Z', companyId: null, companyName: null, action: 'save-promotion', detail: 'WELCOME' }),
];

describe('Audit log (/sy5tem/audit)', () => {
  beforeEach(() => sessionStore.setToken(fakeToken({ ...OPERATOR, roles: ['sysadmin'] })));
  afterEach(() => sessionStore.clear());

  it('lists the entries as the server orders them (newest first), 50 a page', async () => {
    const many = Array.from({ length: 60 }, (_, i) => auditEntry(100 - i));
    const { fetch } = systemServer({ audit: [...ENTRIES, ...many] });
    render();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(headers(table)).toEqual(['When', 'Operator', 'Acting as', 'Company', 'Action', 'Detail']);
    const rows = bodyRows(table);
    expect(rows).toHaveLength(50);
    expect(rows.slice(0, 3)).toEqual([
      ['11/26/2026 10:02 AM', 'sam@op.example', 'owner@acme.example', 'Acme Insurance', 'impersonate', 'Support session'],
      ['11/25/2026 10:02 AM', 'sam@op.example', '—', 'Beta Bakery', 'suspend-company', ''],
      ['11/24/2026 10:02 AM', 'sam@op.example', '—', '—', 'save-promotion', 'WELCOME'],
    ]);
    expect(queriesTo(fetch, '/system/audit')).toEqual([{ page: '1' }]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(bodyRows(screen.getByRole('table', { name: 'Audit log' }))).toHaveLength(13));
    expect(queriesTo(fetch, '/system/audit').at(-1)).toEqual({ page: '2' });
  });

  it("filters by a company's id, and says when it has nothing", async () => {
    const { fetch } = systemServer({ audit: ENTRIES });
    const { router } = render();
    await screen.findByRole('table', { name: 'Audit log' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Company ID'), '8');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(bodyRows(screen.getByRole('table', { name: 'Audit log' }))).toHaveLength(1));
    expect(queriesTo(fetch, '/system/audit').at(-1)).toEqual({ page: '1', companyId: '8' });
    expect(router.state.location.search).toBe('?companyId=8');

    await user.clear(screen.getByLabelText('Company ID'));
    await user.type(screen.getByLabelText('Company ID'), '99');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('Nothing was recorded for this company.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Every company' }));
    await waitFor(() => expect(bodyRows(screen.getByRole('table', { name: 'Audit log' }))).toHaveLength(3));
  });

  it('reads the company from the address (the company page links here)', async () => {
    const { fetch } = systemServer({ audit: ENTRIES });
    render('/sy5tem/audit?companyId=7');
    await screen.findByRole('table', { name: 'Audit log' });
    expect(queriesTo(fetch, '/system/audit')).toEqual([{ page: '1', companyId: '7' }]);
    expect(screen.getByLabelText('Company ID')).toHaveValue('7');
  });

  it('refuses a company id that is not a number', async () => {
    const { fetch } = systemServer({ audit: ENTRIES });
    render();
    await screen.findByRole('table', { name: 'Audit log' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Company ID'), 'acme');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('Enter a company ID (a number).')).toBeInTheDocument();
    expect(queriesTo(fetch, '/system/audit')).toHaveLength(1);
  });
});
