import { describe, expect, it } from 'vitest';
import { ptoRequest } from '../testing/time-off-server';
import {
  emptyRequestForm,
  formFromRequest,
  REQUEST_MESSAGES,
  requestFormErrors,
  requestFormWarnings,
  toRequestBody,
  withPartialDay,
  withStart,
  type RequestFormValues,
} from './request-form';

const form = (fields: Partial<RequestFormValues> = {}): RequestFormValues => ({
  ...emptyRequestForm(),
  ptoType: '5',
  start: '2026-12-01',
  end: '2026-12-03',
  ...fields,
});

describe('the request form rules (spec 000 §5)', () => {
  it('asks for the type and the start date of an empty form', () => {
    expect(requestFormErrors(emptyRequestForm())).toEqual({ ptoType: REQUEST_MESSAGES.typeRequired, start: REQUEST_MESSAGES.startRequired });
  });

  it('asks for both times of a partial day', () => {
    expect(requestFormErrors(form({ partialday: true, end: '2026-12-01', starttime: '', endtime: '' }))).toEqual({
      starttime: REQUEST_MESSAGES.startTimeRequired,
      endtime: REQUEST_MESSAGES.endTimeRequired,
    });
  });

  it('refuses an end date before the start, an end time before the start time and a partial day over 480 minutes', () => {
    expect(requestFormErrors(form({ end: '2026-11-30' }))).toEqual({ end: REQUEST_MESSAGES.endBeforeStart });
    expect(requestFormErrors(form({ partialday: true, starttime: '11:00', endtime: '09:30' }))).toEqual({ endtime: REQUEST_MESSAGES.endTimeBeforeStart });
    expect(requestFormErrors(form({ partialday: true, starttime: '08:00', endtime: '16:01' }))).toEqual({ endtime: REQUEST_MESSAGES.partialTooLong });
    expect(requestFormErrors(form({ partialday: true, starttime: '08:00', endtime: '16:00' }))).toEqual({});
  });

  it('warns of a partial day of 8 hours or more, a zero-length one and a start in the past', () => {
    expect(requestFormWarnings(form({ partialday: true, starttime: '08:00', endtime: '16:00' }), '2026-11-18')).toEqual([REQUEST_MESSAGES.notPartial]);
    expect(requestFormWarnings(form({ partialday: true, starttime: '08:00', endtime: '08:00' }), '2026-11-18')).toEqual([REQUEST_MESSAGES.checkEndTime]);
    expect(requestFormWarnings(form({ start: '2026-11-17' }), '2026-11-18')).toEqual([REQUEST_MESSAGES.pastStart]);
    expect(requestFormWarnings(form({ start: '2026-11-18' }), '2026-11-18')).toEqual([]);
  });

  it('sets the end date of a partial day to its start, with 9:00 to 11:00 when no times are given', () => {
    const partial = withPartialDay(form({ starttime: '', endtime: '' }), true);
    expect(partial).toMatchObject({ partialday: true, end: '2026-12-01', starttime: '09:00', endtime: '11:00' });
    expect(withStart(partial, '2026-12-07').end).toBe('2026-12-07');
    expect(withStart(form(), '2026-12-02').end).toBe('2026-12-03');
    expect(withStart(form({ end: '' }), '2026-12-02').end).toBe('2026-12-02');
  });

  it('sends full days from 00:00:00 to 23:59:59 and partial days with their times', () => {
    expect(toRequestBody(form({ includeWeekend: true, reason: '  Trip ' }))).toEqual({
      ptoType: 5,
      partialday: false,
      allday: 1,
      includeWeekend: true,
      start: '2026-12-01 00:00:00',
      end: '2026-12-03 23:59:59',
      reason: 'Trip',
    });
    expect(toRequestBody(form({ partialday: true, end: '2026-12-01', starttime: '9:00', endtime: '11:30' }), { id: 12, employeeId: 9 })).toEqual({
      id: 12,
      employeeId: 9,
      ptoType: 5,
      partialday: true,
      allday: 0,
      includeWeekend: false,
      start: '2026-12-01 09:00:00',
      end: '2026-12-01 11:30:00',
      starttime: '09:00',
      endtime: '11:30',
      reason: '',
    });
    expect(toRequestBody(form({ end: '' }))?.end).toBe('2026-12-01 23:59:59');
    expect(toRequestBody(emptyRequestForm())).toBeNull();
  });

  it('fills the form with a pending request to edit it', () => {
    expect(formFromRequest(ptoRequest())).toEqual({
      ptoType: '5',
      partialday: false,
      start: '2026-12-01',
      end: '2026-12-02',
      starttime: '09:00',
      endtime: '11:00',
      includeWeekend: false,
      reason: 'Family trip',
    });
    const partial = ptoRequest({ partialday: true, allday: 0, start: '2026-12-01 13:00:00', end: '2026-12-01 15:30:00', endDate: '2026-12-01', starttime: null, endtime: null });
    expect(formFromRequest(partial)).toMatchObject({ partialday: true, start: '2026-12-01', end: '2026-12-01', starttime: '13:00', endtime: '15:30' });
  });
});
