/**
 * Query keys of the kiosk screen (issue 40). The roster is the device's, whoever stands at it: a
 * press made at the kiosk invalidates it.
 */
export const kioskKeys = {
  all: ['kiosk'] as const,
  /** GET /kiosk/roster: the kiosk's name, its location and who may press, with their clock state. */
  roster: ['kiosk', 'roster'] as const,
};
