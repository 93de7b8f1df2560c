import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { sessionStore } from '@/lib/session';
import { mockFetch, response } from '@/testing/http';
import { renderRoutes } from '@/testing/render';

describe('/answer/:token (issue 41)', () => {
  it('opens without signing in, in the visitors frame, and asks for the link of the address', async () => {
    expect(sessionStore.get()).toBeNull();
    const fetch = mockFetch({
      'GET /approvals/answer/abc%2F1': () =>
        response({
          json: {
            state: 'expired',
            kind: 'timesheet_edit',
            approverName: 'Maria Lopez',
            employeeName: 'Sam Lee',
            summary: 'Clock Out 5:00 PM on 03/03/2026',
            reason: null,
            step: 1,
            steps: 1,
            expiresAt: '2026-03-01T14:00:00Z',
          },
        }),
    });
    const { router } = renderRoutes(routes, '/answer/abc%2F1');
    expect(await screen.findByRole('heading', { name: 'Answer a request' })).toBeInTheDocument();
    expect(await screen.findByTestId('answer-closed')).toHaveTextContent('This link has expired: answer in your inbox.');
    expect(screen.getByTestId('answer-details')).toHaveTextContent('Timesheet edit request');
    expect(router.state.location.pathname).toBe('/answer/abc%2F1');
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/server/v1/approvals/answer/abc%2F1');
  });
});
