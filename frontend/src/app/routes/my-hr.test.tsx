import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { hrDoc, hrServer } from '@/features/hr/testing/hr-server';
import { sessionStore } from '@/lib/session';
import { response } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { fakeToken } from '@/testing/tokens';

const loginData = { 'GET /auth/login-data': () => response({ json: { identity: {}, companyName: 'Acme Insurance', companyId: 1 } }) };

describe('/my-hr', () => {
  afterEach(() => sessionStore.clear());

  it("is 'My HR' in an employee's menu and shows their events and documents", async () => {
    hrServer({ myDocs: [hrDoc({})], routes: { ...loginData, 'GET /clock/status': () => response({ status: 404, json: { code: 'not_found', message: 'x', errors: {} } }) } });
    sessionStore.setToken(fakeToken({ eid: 9, roles: ['employee'] }));
    const { router } = renderRoutes(routes, '/clockin');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    await userEvent.setup().click(within(nav).getByRole('link', { name: 'My HR' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-hr'));
    expect(await screen.findByRole('heading', { level: 1, name: 'My HR' })).toBeInTheDocument();
    expect(await screen.findByTestId('my-doc')).toHaveTextContent('Offer letter');
    expect(within(nav).getByRole('link', { name: 'My HR' })).toHaveAttribute('aria-current', 'page');
  });

  it('sends the system admin home and a visitor to the login page', async () => {
    hrServer({ routes: { ...loginData, 'GET /account/signup-data': () => response({ json: { authorizationUrl: null } }) } });
    const visitor = renderRoutes(routes, '/my-hr');
    await waitFor(() => expect(visitor.router.state.location.pathname).toBe('/login'));
    visitor.unmount();
    sessionStore.setToken(fakeToken({ eid: null, roles: ['sysadmin'] }));
    const { router } = renderRoutes(routes, '/my-hr');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/my-hr'));
  });
});
