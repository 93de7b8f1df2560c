/** Spec 001 §5 and §9: phones are formatted (XXX) XXX-XXXX and hold at most 10 digits. */
export const PHONE_MAX_DIGITS = 10;

export const phoneDigits = (value: string): string => value.replace(/\D/g, '').slice(0, PHONE_MAX_DIGITS);

/**
 * Formats what has been typed so far: '5' -> '(5', '555123' -> '(555) 123',
 * '5551234567' -> '(555) 123-4567'. Anything but digits is dropped, and digits past the tenth.
 */
export function formatPhone(value: string): string {
  const d = phoneDigits(value);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** A `tel:` address: the digits (and a leading +) only. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;
