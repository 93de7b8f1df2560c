import { describe, expect, it } from 'vitest';
import { decodePayload, inboxDataSchema, splitName } from './schemas';

describe('decodePayload', () => {
  it('reads the start, end, breaks and break operation of a request', () => {
    const payload = JSON.stringify({
      start: '2026-11-16T14:00:00Z',
      end: null,
      breaks: [['2026-11-16T17:00:00Z', '2026-11-16T17:30:00Z'], ['2026-11-16T19:00:00Z']],
      boptype: 'CHANGE',
    });
    expect(decodePayload(payload)).toEqual({
      start: '2026-11-16T14:00:00Z',
      end: null,
      // A single element is an open break.
      breaks: [
        { from: '2026-11-16T17:00:00Z', to: '2026-11-16T17:30:00Z' },
        { from: '2026-11-16T19:00:00Z', to: null },
      ],
      boptype: 'CHANGE',
    });
  });

  it('defaults missing parts to no change', () => {
    expect(decodePayload('{"end":"2026-11-16T23:30:00Z"}')).toEqual({ start: null, end: '2026-11-16T23:30:00Z', breaks: [], boptype: 'NOCHANGE' });
    expect(decodePayload('{"boptype":"REMOVE","breaks":null}')).toEqual({ start: null, end: null, breaks: [], boptype: 'REMOVE' });
  });

  it('treats an unreadable payload as no change', () => {
    const nothing = { start: null, end: null, breaks: [], boptype: 'NOCHANGE' };
    expect(decodePayload('')).toEqual(nothing);
    expect(decodePayload('not json')).toEqual(nothing);
    expect(decodePayload('[1,2]')).toEqual(nothing);
    expect(decodePayload('{"start":5}')).toEqual(nothing);
  });
});

describe('splitName', () => {
  it('splits at the first space', () => {
    expect(splitName('Emma Brooks')).toEqual({ firstname: 'Emma', lastname: 'Brooks' });
    expect(splitName(' Mary Ann  Smith ')).toEqual({ firstname: 'Mary', lastname: 'Ann  Smith' });
    expect(splitName('Cher')).toEqual({ firstname: 'Cher', lastname: '' });
  });
});

describe('inboxDataSchema', () => {
  const timesheet = { rows: [], count: 0 };
  const timeOffRow = {
    id: 12,
    name: 'Emma Brooks',
    type: 'Vacation',
    color: '#2f9e44',
    createDate: '2026-11-17T15:00:00Z',
    allday: 0,
    start: '2026-12-01 09:00:00',
    end: '2026-12-01 11:00:00',
    minutes: 120,
    reason: 'Dentist',
    status: 1,
    approveBy: 'Ada A.',
    rejectBy: null,
    actDate: '2026-11-18T15:00:00Z',
    actComments: null,
    employeeId: 9,
    firstname: 'Emma',
    lastname: 'Brooks',
    avatar: null,
  };

  it('reads the time-off sections beside the timesheet ones', () => {
    const data = inboxDataSchema.parse({
      pending: { timesheet, timeoff: { rows: [{ ...timeOffRow, status: 0, approveBy: null, actDate: null }], count: 3 } },
      completed: { timesheet, timeoff: { rows: [timeOffRow], count: 1 } },
      page: 1,
      employees: [],
    });
    expect(data.pending.timeoff.count).toBe(3);
    expect(data.pending.timeoff.rows[0]).toMatchObject({ id: 12, type: 'Vacation', allday: 0, start: '2026-12-01 09:00:00', minutes: 120, status: 0, approveBy: null });
    expect(data.completed.timeoff.rows[0]).toMatchObject({ status: 1, approveBy: 'Ada A.', rejectBy: null, employeeId: 9 });
  });

  it('fills in what a time-off row may leave out', () => {
    const data = inboxDataSchema.parse({
      pending: { timesheet, timeoff: { rows: [{ id: 4, start: '2026-12-01 00:00:00', end: '2026-12-01 23:59:59', status: 0, employeeId: 9 }], count: 1 } },
      completed: { timesheet },
      page: 1,
    });
    expect(data.pending.timeoff.rows[0]).toEqual({
      id: 4,
      name: '',
      type: '',
      color: null,
      createDate: null,
      allday: 1,
      start: '2026-12-01 00:00:00',
      end: '2026-12-01 23:59:59',
      minutes: 0,
      reason: '',
      status: 0,
      approveBy: null,
      rejectBy: null,
      actDate: null,
      actComments: null,
      employeeId: 9,
      firstname: '',
      lastname: '',
      avatar: null,
      mayAnswer: true,
      // Issue 41: no approval path, nothing to approve at once.
      approval: null,
      mayApproveAllSteps: false,
    });
  });

  it('still reads a server without time-off sections: they are empty', () => {
    const data = inboxDataSchema.parse({ pending: { timesheet: { rows: [], count: 2 } }, completed: { timesheet }, page: 2 });
    expect(data.pending.timeoff).toEqual({ rows: [], count: 0 });
    expect(data.completed.timeoff).toEqual({ rows: [], count: 0 });
    expect(data.pending.timesheet.count).toBe(2);
    expect(data.employees).toEqual([]);
  });
});
