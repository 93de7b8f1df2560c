import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { sorry } from '@/lib/form-errors';
import { useActivateSubscription } from '../api/activate-subscription';
import { ACTIVATION_SUCCEEDED, type ActivateResponse } from '../api/schemas';
import { useUpdateCard } from '../api/update-card';
import { forgetPromotCode, promotCodeFor } from './promotion-code';

/**
 * The payment provider's checkout sends the browser back to
 * `/admin/manage/my-account?session_id={id}&action=activate` (or `action=update-card`).
 */
export const SESSION_ID_PARAM = 'session_id';
export const ACTION_PARAM = 'action';
export const CHECKOUT_ACTIONS = ['activate', 'update-card'] as const;
export type CheckoutAction = (typeof CHECKOUT_ACTIONS)[number];

/**
 * Leaving for the provider's hosted checkout page: the browser goes there with
 * `window.location.assign` (the contract). An object, so tests can watch where it would go.
 */
export const checkoutPage = {
  open(url: string): void {
    window.location.assign(url);
  },
};

export interface CheckoutReturn {
  sessionId: string;
  action: CheckoutAction;
}

/** The return from checkout the address describes, or null (no session id, or an unknown action). */
export function checkoutReturnOf(search: URLSearchParams): CheckoutReturn | null {
  const sessionId = search.get(SESSION_ID_PARAM)?.trim();
  const action = search.get(ACTION_PARAM);
  if (!sessionId || !(CHECKOUT_ACTIONS as readonly (string | null)[]).includes(action)) return null;
  return { sessionId, action: action as CheckoutAction };
}

/** What the return from checkout came to: the server's message, as a success or a 'Sorry' warning. */
export interface CheckoutNotice {
  ok: boolean;
  message: string;
  reactivated: boolean;
  /**
   * A promotion code the activation refused (unknown or expired): the code and the server's
   * message for its field, so the trial card shows them to correct before activating again.
   */
  refusedPromotCode?: { code: string; error: string };
}

/** An activation answered 200 may still carry a declined first charge ('Your credit card is invalid.'). */
export function activationNotice(answer: ActivateResponse): CheckoutNotice {
  const declined = answer.charge !== null && (answer.charge.status === 'retrying' || answer.charge.status === 'failed');
  const ok = answer.activationStatus === ACTIVATION_SUCCEEDED && !declined;
  return { ok, message: ok ? answer.message : `Sorry ${answer.message}`, reactivated: false };
}

/**
 * Handles the return from checkout once: POSTs the session id to the matching call (a ref keeps
 * React's strict mode, which runs effects twice, from sending it again, which the server would
 * refuse as an already used session), takes `session_id` and `action` out of the address at once
 * (a reload does not send it again) and reports the answer. `pending` is true from the first
 * render until the answer (and the refreshed session identity) is in, so the screen reads its
 * data only after the change.
 */
export function useCheckoutReturn(): { pending: boolean; notice: CheckoutNotice | null } {
  const [search, setSearch] = useSearchParams();
  const [request] = useState(() => checkoutReturnOf(search));
  // The code typed before the checkout, for this return's activation (forgotten once sent).
  const [promotCode] = useState(() => (request?.action === 'activate' ? promotCodeFor(request.sessionId) : null));
  const started = useRef(false);
  const activate = useActivateSubscription();
  const update = useUpdateCard();
  const { mutate: activateMutate } = activate;
  const { mutate: updateMutate } = update;

  useEffect(() => {
    if (!request || started.current) return;
    started.current = true;
    if (request.action === 'activate') {
      activateMutate({ sessionId: request.sessionId, promotCode });
      forgetPromotCode();
    } else {
      updateMutate(request.sessionId);
    }
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(SESSION_ID_PARAM);
        next.delete(ACTION_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [request, promotCode, activateMutate, updateMutate, setSearch]);

  if (!request) return { pending: false, notice: null };
  if (request.action === 'activate') {
    if (activate.isSuccess) return { pending: false, notice: activationNotice(activate.data) };
    if (activate.isError) {
      const codeError = activate.error instanceof ApiError ? activate.error.errors.promotCode?.[0] : undefined;
      const refusedPromotCode = codeError && promotCode ? { code: promotCode, error: codeError } : undefined;
      return { pending: false, notice: { ok: false, message: sorry(activate.error), reactivated: false, refusedPromotCode } };
    }
  } else {
    if (update.isSuccess) return { pending: false, notice: { ok: true, message: update.data.message, reactivated: update.data.reactivated } };
    if (update.isError) return { pending: false, notice: { ok: false, message: sorry(update.error), reactivated: false } };
  }
  return { pending: true, notice: null };
}
