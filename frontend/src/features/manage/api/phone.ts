import { PHONE_MAX_DIGITS, phoneDigits } from '@/lib/phone';

export { formatPhone } from '@/lib/phone';

/** The server's message for a phone that is not 10 digits. */
export const PHONE_MESSAGE = 'Please input a 10-digit phone number';

export const isCompletePhone = (value: string): boolean => phoneDigits(value).length === PHONE_MAX_DIGITS;
