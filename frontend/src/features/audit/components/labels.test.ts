import { describe, expect, it } from 'vitest';
import { changeText, fromText, valueText, whatText } from './labels';

describe('the audit trail in words', () => {
  it('names what changed by the contract\'s labels and the action in words', () => {
    expect(whatText({ entity: 'shift', action: 'updated' })).toBe('Shift updated');
    expect(whatText({ entity: 'person', action: 'role_changed' })).toBe('Employee role changed');
    expect(whatText({ entity: 'pto_balance', action: 'updated' })).toBe('Time off balance updated');
    expect(whatText({ entity: 'sign_in', action: 'signed_in' })).toBe('Signed in');
    // A code the browser does not know yet, as it came.
    expect(whatText({ entity: 'gizmo', action: 'spun_up' })).toBe('gizmo spun up');
  });

  it('shows values: — for none, instants on the company clock, yes/no, (empty)', () => {
    expect(valueText(null)).toBe('—');
    expect(valueText('2026-07-01T12:30:00Z', 'America/Los_Angeles')).toBe('07/01/2026 05:30 AM');
    expect(valueText('2026-07-01')).toBe('2026-07-01');
    expect(valueText(true)).toBe('yes');
    expect(valueText(false)).toBe('no');
    expect(valueText(7.5)).toBe('7.5');
    expect(valueText('')).toBe('(empty)');
    expect(changeText({ field: 'lastname', before: 'Baker', after: null })).toBe('lastname: Baker → —');
  });

  it('says where a change came from', () => {
    expect(fromText({ ip: '127.0.0.1', client: 'web' })).toBe('127.0.0.1 · Web');
    expect(fromText({ ip: null, client: 'api' })).toBe('API');
    expect(fromText({ ip: '::1', client: null })).toBe('::1');
  });
});

describe('the answer', () => {
  it('keeps a value that is no text, number or boolean as its JSON', async () => {
    const { auditChangeSchema } = await import('../api/schemas');
    expect(auditChangeSchema.parse({ field: 'days', before: [1, 2], after: { a: 1 } })).toEqual({ field: 'days', before: '[1,2]', after: '{"a":1}' });
    expect(auditChangeSchema.parse({ field: 'name', after: 'x' })).toEqual({ field: 'name', before: null, after: 'x' });
  });
});
