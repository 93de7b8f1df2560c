import { describe, expect, it } from 'vitest';
import { addCommentSchema } from './add-timesheet-comment';
import { editTimesheetFormSchema, toEditTimesheetBody } from './edit-timesheet';
import { rejectEditRequestSchema } from './reject-edit-request';
import { entryLocalTimes, requestEditFormSchema, toEditRequestBody, type RequestEditValues } from './request-edit';

const NY = 'America/New_York';

function errorsOf(schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, values: unknown) {
  const result = schema.safeParse(values);
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

const request = (overrides: Partial<RequestEditValues> = {}): RequestEditValues => ({
  changeType: 'out',
  start: '',
  end: '17:30',
  boptype: 'NOCHANGE',
  breaks: [],
  comment: 'Forgot to clock out',
  ...overrides,
});

// A shift on the fall-back day: 08:59:30 to 16:00:10 in New York (EST after 02:00).
const entry = {
  id: 41,
  trackingNumber: 41,
  day: '2026-11-01',
  start: '2026-11-01T13:59:30Z',
  end: '2026-11-01T21:00:10Z',
  breaks: [{ from: '2026-11-01T17:00:05Z', to: '2026-11-01T17:30:00Z' }],
};

describe('the edit request form (spec 000 §5)', () => {
  it('requires the clock in, the clock out or both by the change type, and a reason', () => {
    expect(errorsOf(requestEditFormSchema, request({ changeType: 'in', start: '' }))).toEqual({ start: 'Please input the Clock in' });
    expect(errorsOf(requestEditFormSchema, request({ changeType: 'out', end: ' ' }))).toEqual({ end: 'Please input the Clock out' });
    expect(errorsOf(requestEditFormSchema, request({ changeType: 'inout', start: '', end: '' }))).toEqual({
      start: 'Please input the Clock in',
      end: 'Please input the Clock out',
    });
    expect(errorsOf(requestEditFormSchema, request({ comment: '  ' }))).toEqual({ comment: 'Please input the Reason' });
    expect(errorsOf(requestEditFormSchema, request({ changeType: '' }))).toEqual({ changeType: 'Please choose what to change' });
    expect(errorsOf(requestEditFormSchema, request())).toEqual({});
    // Changing only the clock out does not need the clock in.
    expect(errorsOf(requestEditFormSchema, request({ changeType: 'out', start: '' }))).toEqual({});
  });

  it("sends only the changed times, on the shift's date, as 'YYYY-MM-DD HH:mm:ss'", () => {
    const originals = entryLocalTimes(entry, NY);
    expect(originals).toEqual(['2026-11-01 08:59:30', '2026-11-01 16:00:10', '2026-11-01 12:00:05', '2026-11-01 12:30:00']);
    expect(toEditRequestBody(request(), entry, originals)).toEqual({
      trackingNumber: 41,
      comment: 'Forgot to clock out',
      changeType: 'out',
      end: '2026-11-01 17:30:00',
      boptype: 'NOCHANGE',
      breaks: [],
    });
    expect(toEditRequestBody(request({ changeType: 'in', start: '8:15' }), entry, originals)).toMatchObject({
      changeType: 'in',
      start: '2026-11-01 08:15:00',
    });
    expect(toEditRequestBody(request({ changeType: 'in', start: '8:15' }), entry, originals)).not.toHaveProperty('end');
  });

  it("gives break times the shift's date and keeps the seconds of unchanged times", () => {
    const body = toEditRequestBody(
      request({
        changeType: 'inout',
        start: '08:59',
        end: '16:30',
        boptype: 'REPLACE',
        breaks: [
          { from: '12:00', to: '12:15' },
          { from: '14:00', to: '' },
        ],
      }),
      entry,
      entryLocalTimes(entry, NY),
    );
    expect(body.start).toBe('2026-11-01 08:59:30');
    expect(body.end).toBe('2026-11-01 16:30:00');
    expect(body.breaks).toEqual([
      ['2026-11-01 12:00:05', '2026-11-01 12:15:00'],
      ['2026-11-01 14:00:00', null],
    ]);
    // Breaks are only sent to replace them.
    expect(toEditRequestBody(request({ boptype: 'REMOVE', breaks: [{ from: '12:00', to: '12:15' }] }), entry).breaks).toEqual([]);
  });

  it('needs a reason to reject and content for a comment', () => {
    expect(errorsOf(rejectEditRequestSchema, { comment: ' ' })).toEqual({ comment: 'Please input the reason of the rejection' });
    expect(errorsOf(addCommentSchema, { comment: '\n ' })).toEqual({ comment: 'Please input the Comment content' });
    expect(errorsOf(addCommentSchema, { comment: 'ok' })).toEqual({});
  });
});

describe("'Edit Timesheet' and 'Add Shift' (spec 000 §5)", () => {
  it('requires the clock in', () => {
    expect(errorsOf(editTimesheetFormSchema, { date: '2026-11-01', start: '', end: '', breaks: [] })).toEqual({
      start: 'Please input the Clock in',
    });
    expect(errorsOf(editTimesheetFormSchema, { date: '', start: '09:00', end: '', breaks: [] })).toEqual({
      start: 'Please input the Clock in',
    });
    expect(errorsOf(editTimesheetFormSchema, { date: '2026-11-01', start: '09:00', end: '', breaks: [] })).toEqual({});
  });

  it("converts every time to the clock in's day", () => {
    const values = { date: '2026-03-08', start: '01:30', end: '09:15', breaks: [{ from: '03:10', to: '03:40' }] };
    expect(toEditTimesheetBody(values, { employeeId: 7 })).toEqual({
      employeeId: 7,
      start: '2026-03-08 01:30:00',
      end: '2026-03-08 09:15:00',
      breaks: [['2026-03-08 03:10:00', '2026-03-08 03:40:00']],
    });
    expect(toEditTimesheetBody({ ...values, end: '' }, { employeeId: 7, trackingNumber: 41 })).toEqual({
      employeeId: 7,
      trackingNumber: 41,
      start: '2026-03-08 01:30:00',
      breaks: [['2026-03-08 03:10:00', '2026-03-08 03:40:00']],
    });
  });
});
