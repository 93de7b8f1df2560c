import { useMediaQuery } from '@mantine/hooks';

/** The phone breakpoint of spec 000 §9 (max 767px), for code that needs it in JavaScript. */
export const MOBILE_MEDIA_QUERY = '(max-width: 767px)';

/** True on screens up to 767px wide (phones): side panels take the full width there. */
export function useIsPhone(): boolean {
  return useMediaQuery(MOBILE_MEDIA_QUERY, false, { getInitialValueInEffect: false }) ?? false;
}
