import { describe, expect, it } from 'vitest';
import { decodePayload, splitName } from './schemas';

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
