import { describe, expect, it } from 'vitest';
import { formatPhone, telHref } from './phone';

describe('formatPhone', () => {
  it('formats as the digits are typed', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone('5')).toBe('(5');
    expect(formatPhone('555')).toBe('(555');
    expect(formatPhone('5551')).toBe('(555) 1');
    expect(formatPhone('555123')).toBe('(555) 123');
    expect(formatPhone('5551234')).toBe('(555) 123-4');
    expect(formatPhone('5551234567')).toBe('(555) 123-4567');
  });

  it('drops other characters and digits past the tenth', () => {
    expect(formatPhone('555.123.4567 ext 89')).toBe('(555) 123-4567');
    expect(formatPhone('(555) 123-45678')).toBe('(555) 123-4567');
    expect(formatPhone('abc')).toBe('');
  });

  it('makes tel: addresses', () => {
    expect(telHref('(555) 123-4567')).toBe('tel:5551234567');
    expect(telHref('+1 555 123 4567')).toBe('tel:+15551234567');
  });
});
