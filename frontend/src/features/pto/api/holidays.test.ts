import { describe, expect, it } from 'vitest';
import { formatHolidayDate, formatHolidayHours, holidayPickerMonth, isHolidayHours, parseHolidayDate } from './holidays';

describe('holiday dates (shown MM/DD/YYYY like every date, sent YYYY-MM-DD)', () => {
  it('shows a YYYY-MM-DD date as MM/DD/YYYY, never with dashes', () => {
    expect(formatHolidayDate('2026-07-04')).toBe('07/04/2026');
    expect(formatHolidayDate('2026-12-25 00:00:00')).toBe('12/25/2026');
    expect(formatHolidayDate('soon')).toBe('soon');
  });

  it('reads a typed MM/DD/YYYY, MM-DD-YYYY or YYYY-MM-DD date, and nothing half typed or unreal', () => {
    expect(parseHolidayDate('07-04-2027')).toBe('2027-07-04');
    expect(parseHolidayDate(' 7/4/2027 ')).toBe('2027-07-04');
    expect(parseHolidayDate('2027-11-25')).toBe('2027-11-25');
    expect(parseHolidayDate('02-29-2028')).toBe('2028-02-29');
    for (const text of ['', '07-0', '07-04-20', '02-29-2027', '13-01-2027', '00-10-2027', '2027-7-4', 'July 4, 2027']) {
      expect(parseHolidayDate(text), text).toBeNull();
    }
  });
});

describe("a new holiday's calendar (issue 36)", () => {
  it('opens on the current month of the year on screen, not January', () => {
    expect(holidayPickerMonth(2026, '2026-11-28')).toBe('2026-11-01');
    expect(holidayPickerMonth(2027, '2026-11-28')).toBe('2027-11-01');
  });
});

describe('holiday hours (001 §5)', () => {
  it('takes 0 to 24 with at most two decimals', () => {
    for (const text of ['0', '4', '7.5', '7.25', '24', ' 8 ']) expect(isHolidayHours(text), text).toBe(true);
    for (const text of ['', '-1', '24.01', '25', '7.255', '1e1', 'eight', '.5']) expect(isHolidayHours(text), text).toBe(false);
  });

  it('shows hours without trailing zeros', () => {
    expect(formatHolidayHours(88)).toBe('88');
    expect(formatHolidayHours(87.5)).toBe('87.5');
    expect(formatHolidayHours(7.25)).toBe('7.25');
    expect(formatHolidayHours(0.1 + 0.2)).toBe('0.3');
  });
});
