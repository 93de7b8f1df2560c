import type { PressPosition } from '@/lib/outbox';

export type { PressPosition };

/**
 * How a press asks for the phone's position (issue 40, docs/contracts/places.md): a fresh fix (never
 * a cached one: the server counts a fix older than two minutes as none), as precise as the phone
 * can, within 10 seconds.
 */
export const POSITION_OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 0, timeout: 10_000 };

/**
 * The browser's own timeout does not run while it asks the person for permission: a question left
 * unanswered this long lets the press go without a position (the server decides).
 */
export const PERMISSION_WAIT_MS = 30_000;

type Geolocation = Pick<globalThis.Geolocation, 'getCurrentPosition'>;

const browserGeolocation = (): Geolocation | null =>
  typeof navigator !== 'undefined' && 'geolocation' in navigator && navigator.geolocation ? navigator.geolocation : null;

/** The body field of a press from a Geolocation API fix. */
export const pressPositionOf = (pos: GeolocationPosition): PressPosition => ({
  latitude: pos.coords.latitude,
  longitude: pos.coords.longitude,
  accuracy: pos.coords.accuracy,
  takenAt: new Date(pos.timestamp).toISOString(),
});

/**
 * A fresh position of the phone, or null when the browser has none to give: no Geolocation API,
 * permission denied, no fix (unavailable) or none in time. Never rejects: a press goes on without.
 */
export function readPressPosition(geolocation: Geolocation | null = browserGeolocation(), waitMs: number = PERMISSION_WAIT_MS): Promise<PressPosition | null> {
  if (!geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    let settled = false;
    const settle = (value: PressPosition | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(value);
    };
    const timer = setTimeout(() => settle(null), waitMs);
    try {
      geolocation.getCurrentPosition(
        (pos) => {
          const { latitude, longitude, accuracy } = pos.coords;
          const usable = [latitude, longitude, accuracy, pos.timestamp].every(Number.isFinite);
          settle(usable ? pressPositionOf(pos) : null);
        },
        () => settle(null),
        POSITION_OPTIONS,
      );
    } catch {
      settle(null);
    }
  });
}

/** A press's JSON body: `{position}` when there is one, else no body at all. */
export const pressBody = (position: PressPosition | null | undefined): { position: PressPosition } | undefined =>
  position ? { position } : undefined;
