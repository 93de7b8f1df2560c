import { describe, expect, it } from 'vitest';
import { SCOPES } from '../testing/api-keys-server';
import { creatorName, expiresText, lastDay, lastUsedText, scopeLabel, scopesText, statusLabel } from './labels';

describe('API key labels', () => {
  it("names a key's last day on the company's calendar: the day before the instant it stops", () => {
    // Midnight in New York (EST, then EDT), the first instant of the next day.
    expect(lastDay('2027-01-01T05:00:00Z', 'America/New_York')).toBe('12/31/2026');
    expect(lastDay('2026-07-05T04:00:00Z', 'America/New_York')).toBe('07/04/2026');
    // The same instant is another day in Los Angeles.
    expect(lastDay('2027-01-01T05:00:00Z', 'America/Los_Angeles')).toBe('12/31/2026');
    expect(lastDay('2027-01-01T08:00:00Z', 'America/Los_Angeles')).toBe('12/31/2026');
    // A last instant of the day (23:59:59) is that day too.
    expect(lastDay('2027-01-01T04:59:59Z', 'America/New_York')).toBe('12/31/2026');
    expect(expiresText({ expiresAt: '2027-01-01T05:00:00Z' }, 'America/New_York')).toBe('End of 12/31/2026');
    expect(expiresText({ expiresAt: null }, 'America/New_York')).toBe('Never');
  });

  it('says when and from where a key was last used, on the company clock', () => {
    expect(lastUsedText({ lastUsedAt: '2026-12-01T14:15:00Z', lastUsedIp: '127.0.0.1' }, 'America/Chicago')).toBe('12/01/2026 08:15 AM from 127.0.0.1');
    expect(lastUsedText({ lastUsedAt: '2026-12-01T14:15:00Z', lastUsedIp: null }, 'America/New_York')).toBe('12/01/2026 09:15 AM');
    expect(lastUsedText({ lastUsedAt: null, lastUsedIp: null }, 'America/New_York')).toBe('Never');
  });

  it('reads scopes by their labels from the list, an unknown code as it came', () => {
    expect(scopeLabel('time_off:write', SCOPES)).toBe('Write time off');
    expect(scopeLabel('webhooks:write', SCOPES)).toBe('webhooks:write');
    expect(scopesText(['people:read', 'time:read'], SCOPES)).toBe('Read people, Read time');
  });

  it('names the statuses and the erased creator', () => {
    expect(['active', 'expired', 'revoked', 'paused'].map(statusLabel)).toEqual(['Active', 'Expired', 'Revoked', 'paused']);
    expect(creatorName({ createdByName: null })).toBe('Erased person');
    expect(creatorName({ createdByName: 'Ann Admin' })).toBe('Ann Admin');
  });
});
