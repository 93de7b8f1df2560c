import { describe, expect, it } from 'vitest';
import { EVENTS } from '../testing/webhooks-server';
import { canResend, deleteQuestion, deliveryStatusLabel, eventLabel, eventsText, lastAnswerText, prettyPayload, rotateQuestion } from './labels';

describe('webhook labels', () => {
  it('reads events by their labels from the list, an unknown code as it came', () => {
    expect(eventLabel('employee.added', EVENTS)).toBe('Employee added');
    expect(eventLabel('payroll.closed', EVENTS)).toBe('payroll.closed');
    expect(eventsText(['time_off.approved', 'shift.closed'], EVENTS)).toBe('Time off approved, Shift closed');
  });

  it('names the statuses, and only a delivered or failed delivery may be sent again', () => {
    expect(['pending', 'delivered', 'failed', 'paused'].map(deliveryStatusLabel)).toEqual(['Pending', 'Delivered', 'Failed', 'paused']);
    expect(['pending', 'delivered', 'failed'].map((status) => canResend({ status }))).toEqual([false, true, true]);
  });

  it("says what the last attempt got: the status, the error, both, or nothing yet", () => {
    expect(lastAnswerText({ lastStatus: 500, lastError: 'The endpoint answered 500' })).toBe('500: The endpoint answered 500');
    expect(lastAnswerText({ lastStatus: 204, lastError: null })).toBe('204');
    expect(lastAnswerText({ lastStatus: null, lastError: 'No answer within 10 s' })).toBe('No answer within 10 s');
    expect(lastAnswerText({ lastStatus: null, lastError: null })).toBe('—');
  });

  it('indents a JSON payload and keeps anything else as it came', () => {
    expect(prettyPayload('{"id":"evt_1","data":{"a":1}}')).toBe('{\n  "id": "evt_1",\n  "data": {\n    "a": 1\n  }\n}');
    expect(prettyPayload('not json')).toBe('not json');
  });

  it('asks about rotating and deleting with the address', () => {
    expect(rotateQuestion({ url: 'https://a.example/h' })).toContain('Deliveries to https://a.example/h are signed with a new secret');
    expect(deleteQuestion({ url: 'https://a.example/h' })).toBe('Nothing more is sent to https://a.example/h, and its deliveries are deleted with it. This cannot be undone.');
  });
});
