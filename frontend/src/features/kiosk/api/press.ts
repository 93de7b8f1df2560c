import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { kioskPost } from './client';
import { kioskKeys } from './keys';

/** The header that makes a press count once, however often it is sent (issue 39). */
const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export type KioskAction = 'start' | 'break' | 'resume' | 'end';

/** The buttons of the kiosk's actions. */
export const KIOSK_ACTION_LABELS: Readonly<Record<KioskAction, string>> = {
  start: 'Clock In',
  break: 'Take a Break',
  resume: 'Resume',
  end: 'Clock Out',
};

/** What fits each clock state: 0 (and 3) out, 1 in, 2 on a break (a clock-out from a break closes it). */
export function actionsFor(status: number): KioskAction[] {
  switch (status) {
    case 1:
      return ['break', 'end'];
    case 2:
      return ['resume', 'end'];
    default:
      return ['start'];
  }
}

/** What the success panel says was done. */
export const ACTION_DONE: Readonly<Record<KioskAction, string>> = {
  start: 'clocked in',
  break: 'started a break',
  resume: 'is back from the break',
  end: 'clocked out',
};

export const pressAnswerSchema = z.object({
  employeeId: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  /** The person's clock after the press (GET /clock/status's shape); only its time is read here. */
  clock: z.looseObject({
    status: z.number().int(),
    serverTime: z.string().nullable().optional().transform((v) => v ?? null),
  }),
});
export type PressAnswer = z.output<typeof pressAnswerSchema>;

export interface KioskPress {
  employeeId: number;
  pin: string;
  action: KioskAction;
  /** The press's Idempotency-Key: sent again (after a network failure), it is pressed once. */
  key: string;
}

/**
 * POST /kiosk/press {employeeId, pin, action} with the press's Idempotency-Key. Refused with 403
 * `wrong_pin` (the tries left, or how to set a PIN), 429 (locked out, or the device paused), 409
 * (the clock's state refuses it), 401 (the kiosk was revoked).
 */
export const pressAtKiosk = (secret: string, { employeeId, pin, action, key }: KioskPress): Promise<PressAnswer> =>
  kioskPost(secret, '/kiosk/press', { employeeId, pin, action }, { schema: pressAnswerSchema, headers: { [IDEMPOTENCY_HEADER]: key } });

/** A press at the kiosk; any answer reads the roster again (someone's state changed, or was not what it showed). */
export function useKioskPress(secret: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (press: KioskPress) => pressAtKiosk(secret, press),
    // Without a network a press fails at once and the PIN step says so: a press never waits to go
    // out later, when the person has long left the kiosk.
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: kioskKeys.roster }),
  });
}
