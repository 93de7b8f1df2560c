/** Spec 000 §1 and §9: $8 base plus $3 per user a month, a 30-day free trial. */
export const BASE_PRICE_USD = 8;
export const PER_USER_PRICE_USD = 3;
export const TRIAL_LENGTH_DAYS = 30;

export const monthlyPrice = (users: number): number => BASE_PRICE_USD + PER_USER_PRICE_USD * Math.max(0, Math.floor(users));
