import { describe, expect, it } from 'vitest';
import { isCompletePhone } from './phone';
import { parseBirthday } from './save-employee';

describe('employee form helpers', () => {
  it('knows a complete 10-digit phone', () => {
    expect(isCompletePhone('(555) 123-4567')).toBe(true);
    expect(isCompletePhone('(555) 123')).toBe(false);
  });

  it('reads a birthday as MM/DD with month 1-12 and a day of that month', () => {
    expect(parseBirthday('3/5')).toBe('03/05');
    expect(parseBirthday('12-31')).toBe('12/31');
    expect(parseBirthday('02/29')).toBe('02/29');
    expect(parseBirthday('13/01')).toBeNull();
    expect(parseBirthday('04/31')).toBeNull();
    expect(parseBirthday('00/10')).toBeNull();
    expect(parseBirthday('March 3')).toBeNull();
  });
});
