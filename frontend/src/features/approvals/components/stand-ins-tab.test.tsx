import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodyOf, mockFetch, response } from '@/testing/http';
import { renderWithApp } from '@/testing/render';
import { StandInsTab } from './stand-ins-tab';

const MANAGERS = [
  { id: 12, firstname: 'Maria', lastname: 'Lopez' },
  { id: 14, firstname: 'Jo', lastname: 'Park' },
  { id: 15, firstname: 'Sam', lastname: 'Lee' },
  { id: 16, firstname: 'Ana', lastname: 'Silva' },
];
const NAMES: Record<number, string> = { 12: 'Maria Lopez', 14: 'Jo Park', 15: 'Sam Lee', 16: 'Ana Silva' };

const SAM_AWAY = {
  id: 7,
  personId: 15,
  personName: 'Sam Lee',
  standInId: 16,
  standInName: 'Ana Silva',
  startsOn: '2026-03-02',
  endsOn: '2026-03-16',
  setByName: 'Sam Lee',
  active: true,
};

const CIRCLE = 'Ana Silva already has Maria Lopez answering for her then: that would be a circle.';

function server(initial: unknown[], { selfId = 15 } = {}) {
  let standIns = [...initial] as (typeof SAM_AWAY)[];
  const fetch = mockFetch({
    'GET /approvals/stand-ins': () => response({ json: standIns }),
    'GET /manage/data': () => response({ json: { companyName: 'Acme', jobRoles: [], managers: MANAGERS, defaultManagerId: 12 } }),
    'POST /approvals/stand-ins': (init) => {
      const body = bodyOf(init) as { personId?: number; standInId: number; startsOn: string; endsOn: string };
      if (body.standInId === 12) {
        return response({ status: 400, statusText: 'Bad Request', json: { code: 'validation', message: 'x', errors: { standInId: [CIRCLE] } } });
      }
      const personId = body.personId ?? selfId;
      const added = { id: 8, personId, personName: NAMES[personId]!, standInId: body.standInId, standInName: NAMES[body.standInId]!, startsOn: body.startsOn, endsOn: body.endsOn, setByName: 'Sam Lee', active: false };
      standIns = [...standIns, added];
      return response({ json: added });
    },
    'POST /approvals/stand-ins/delete': (init) => {
      const { id } = bodyOf(init) as { id: number };
      standIns = standIns.filter((s) => s.id !== id);
      return response({ json: { message: 'Ana Silva no longer stands in for Sam Lee.' } });
    },
  });
  return { fetch };
}

const posts = (fetch: ReturnType<typeof mockFetch>, path: string) =>
  fetch.mock.calls
    .filter(([url, init]) => String(url) === `/server/v1${path}` && (init as RequestInit | undefined)?.method === 'POST')
    .map(([, init]) => bodyOf(init as RequestInit));

async function choose(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement, label: RegExp, option: string) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Settings, Out of office', () => {
  it('lists who stands in for whom, when, and who set it', async () => {
    server([SAM_AWAY]);
    renderWithApp(<StandInsTab chooseAnyone={false} selfId={15} today="2026-03-05" />);
    const [row] = await screen.findAllByTestId('stand-in');
    expect(row).toHaveTextContent('Sam Lee');
    expect(row).toHaveTextContent('Active now');
    expect(within(row!).getByTestId('stand-in-name')).toHaveTextContent('Ana Silva');
    expect(row).toHaveTextContent('03/02/2026');
    expect(row).toHaveTextContent('03/16/2026');
    expect(within(row!).getByRole('button', { name: 'Remove Ana Silva for Sam Lee' })).toBeInTheDocument();
  });

  it('says when nobody stands in', async () => {
    server([]);
    renderWithApp(<StandInsTab chooseAnyone={false} selfId={15} today="2026-03-05" />);
    expect(await screen.findByTestId('no-stand-ins')).toHaveTextContent('Nobody stands in for anyone.');
  });

  it("a manager adds their own stand-in: no one else to choose, and the server's refusal on its field", async () => {
    const { fetch } = server([]);
    renderWithApp(<StandInsTab chooseAnyone={false} selfId={15} today="2026-03-05" />);
    await screen.findByTestId('no-stand-ins');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add stand-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add stand-in' });
    expect(within(dialog).queryByRole('combobox', { name: /Who is away/ })).toBeNull();

    // The form's own checks first.
    await user.click(await within(dialog).findByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Please choose who stands in')).toBeInTheDocument();
    expect(within(dialog).getByText('Please choose the last day')).toBeInTheDocument();
    expect(posts(fetch, '/approvals/stand-ins')).toHaveLength(0);

    // Oneself is not among the stand-ins.
    await user.click(within(dialog).getByRole('combobox', { name: /^Stand-in/ }));
    expect(await screen.findByRole('option', { name: 'Ana Silva' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Sam Lee' })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'Maria Lopez' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^To/ }), '03/16/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(CIRCLE)).toBeInTheDocument();
    expect(posts(fetch, '/approvals/stand-ins')).toEqual([{ standInId: 12, startsOn: '2026-03-05', endsOn: '2026-03-16' }]);

    await choose(user, dialog, /^Stand-in/, 'Ana Silva');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add stand-in' })).toBeNull());
    expect(posts(fetch, '/approvals/stand-ins')[1]).toEqual({ standInId: 16, startsOn: '2026-03-05', endsOn: '2026-03-16' });
    expect(await screen.findByRole('button', { name: 'Remove Ana Silva for Sam Lee' })).toBeInTheDocument();
  });

  it('an admin also chooses the person away', async () => {
    const { fetch } = server([], { selfId: 12 });
    renderWithApp(<StandInsTab chooseAnyone selfId={12} today="2026-03-05" />);
    await screen.findByTestId('no-stand-ins');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add stand-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add stand-in' });
    await user.click(await within(dialog).findByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Please choose who is away')).toBeInTheDocument();
    await choose(user, dialog, /^Who is away/, 'Jo Park');
    await choose(user, dialog, /^Stand-in/, 'Sam Lee');
    await user.type(within(dialog).getByRole('textbox', { name: /^To/ }), '2026-03-20');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add stand-in' })).toBeNull());
    expect(posts(fetch, '/approvals/stand-ins')).toEqual([{ personId: 14, standInId: 15, startsOn: '2026-03-05', endsOn: '2026-03-20' }]);
    expect(await screen.findByRole('button', { name: 'Remove Sam Lee for Jo Park' })).toBeInTheDocument();
  });

  it('removes a stand-in after the question', async () => {
    const { fetch } = server([SAM_AWAY]);
    renderWithApp(<StandInsTab chooseAnyone={false} selfId={15} today="2026-03-05" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Ana Silva for Sam Lee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Ana Silva for Sam Lee?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByTestId('no-stand-ins')).toBeInTheDocument();
    expect(posts(fetch, '/approvals/stand-ins/delete')).toEqual([{ id: 7 }]);
  });
});
