import { useSession } from '@/lib/session';

/** The operator's time zone (their session's), for instants; the browser's when unknown. */
export const useOperatorZone = (): string | undefined => useSession()?.identity.timezone;
