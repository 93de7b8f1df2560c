import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { z } from '@/lib/zod';

/** The answer of a PIN's change: whether the person has a kiosk PIN (never the PIN). */
export const pinStateSchema = z.object({ hasPin: z.boolean() });

/**
 * POST /kiosks/reset-pin?eid= {pin} (admins, issue 40): a new kiosk PIN for someone who forgot
 * theirs, which also lifts a lock-out after too many wrong PINs. A PIN that will not do (not 4–6
 * digits, or too easy to guess) is a 400 with `errors.pin`.
 */
export const resetKioskPin = ({ employeeId, pin }: { employeeId: number; pin: string }): Promise<{ hasPin: boolean }> =>
  api.post('/kiosks/reset-pin', { pin }, { query: { eid: employeeId }, schema: pinStateSchema });

export const useResetKioskPin = () => useMutation({ mutationFn: resetKioskPin });
