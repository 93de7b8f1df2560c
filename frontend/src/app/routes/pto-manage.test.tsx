import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { brokenRuleAccruals, BROKEN_RULE_PROBLEM, BROKEN_RULE_WARNING, healthyAccruals } from '@/features/pto/testing/accrual-health';
import { ptoManageServer } from '@/features/pto/testing/pto-manage-server';
import type { IdentityClaims } from '@/lib/identity';
import { sessionStore } from '@/lib/session';
import { response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';
import { PtoManageRoute } from './pto-manage';

const signIn = (overrides: Partial<IdentityClaims>) => sessionStore.setToken(fakeToken({ eid: 1, firstname: 'Ada', lastname: 'Admin', ...overrides }));
const serve = (body: unknown) => ptoManageServer({ extra: { 'GET /pto-manage/accrual-health': () => response({ json: body }) } }).fetch;
const accrualCalls = (fetch: ReturnType<typeof serve>) => fetch.mock.calls.filter(([url]) => String(url) === '/server/v1/pto-manage/accrual-health');

describe('/admin/ptomanage: the accrual health alert', () => {
  // Unmount before signing out: the route reads the session while it is mounted.
  afterEach(() => {
    cleanup();
    sessionStore.clear();
  });

  it('shows an admin the warning and its problems above the PTO screen', async () => {
    serve(brokenRuleAccruals());
    signIn({ roles: ['admin'] });
    renderWithApp(<PtoManageRoute />, { path: '/admin/ptomanage' });
    const alert = await screen.findByRole('status', { name: 'Accruals need attention' });
    expect(alert).toHaveTextContent(BROKEN_RULE_WARNING);
    expect(alert).toHaveTextContent(BROKEN_RULE_PROBLEM);
    expect(await screen.findByRole('heading', { level: 1, name: 'PTO' })).toBeInTheDocument();
  });

  it('shows an admin nothing when accruals run normally', async () => {
    const fetch = serve(healthyAccruals());
    signIn({ roles: ['admin'] });
    renderWithApp(<PtoManageRoute />, { path: '/admin/ptomanage' });
    expect(await screen.findByRole('heading', { level: 1, name: 'PTO' })).toBeInTheDocument();
    await waitFor(() => expect(accrualCalls(fetch)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('accrual-health-alert')).toBeNull();
  });

  it('never asks for a manager', async () => {
    const fetch = serve(brokenRuleAccruals());
    signIn({ roles: ['manager'] });
    renderWithApp(<PtoManageRoute />, { path: '/admin/ptomanage' });
    expect(await screen.findByRole('heading', { level: 1, name: 'PTO' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(accrualCalls(fetch)).toHaveLength(0);
    expect(screen.queryByTestId('accrual-health-alert')).toBeNull();
  });
});
