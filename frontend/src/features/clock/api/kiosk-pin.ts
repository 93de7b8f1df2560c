import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { z } from '@/lib/zod';
import { clockKeys } from './keys';

/**
 * A person's own kiosk PIN (issue 40): what they type at the company's shared kiosks after tapping
 * their name. The server says only whether there is one, never the PIN.
 */
export const pinStateSchema = z.object({ hasPin: z.boolean() });
export type PinState = z.output<typeof pinStateSchema>;

/** GET /clock/pin. */
export const getPinState = (): Promise<PinState> => api.get('/clock/pin', { schema: pinStateSchema });

export const pinStateQueryOptions = (eid: number | null) => queryOptions({ queryKey: clockKeys.pin(eid), queryFn: getPinState });

export const usePinState = (eid: number | null, { enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...pinStateQueryOptions(eid), enabled });

/** POST /clock/pin {pin}: 400 `errors.pin` when it is not 4–6 digits or too easy to guess. */
export const setOwnPin = (pin: string): Promise<PinState> => api.post('/clock/pin', { pin }, { schema: pinStateSchema });

export function useSetOwnPin(eid: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOwnPin,
    onSuccess: (state) => queryClient.setQueryData(clockKeys.pin(eid), state),
  });
}
