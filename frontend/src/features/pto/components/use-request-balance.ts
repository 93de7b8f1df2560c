import { useDebouncedValue } from '@mantine/hooks';
import { useMemo } from 'react';
import { formFailure } from '@/lib/form-errors';
import { REQUEST_FIELDS, toRequestBody, type RequestFormValues } from '../api/request-form';
import { useBalanceCheck } from '../api/requests';

/** The balance check waits this long after the last change (a fresh change cancels the older check). */
export const BALANCE_CHECK_DELAY_MS = 300;

/**
 * The request form's balance check: every change of a complete form asks the server (debounced).
 * `allowed`: an incomplete form (its own problems show on submit), an unpaid type, or a request
 * that uses time and passes the check; never while checking.
 */
export function useRequestBalance(values: RequestFormValues, ids: { id?: number | undefined; employeeId?: number | undefined }) {
  const bodyJson = useMemo(() => {
    const body = toRequestBody(values, ids);
    return body ? JSON.stringify(body) : null;
  }, [values, ids]);
  const [checkedJson] = useDebouncedValue(bodyJson, BALANCE_CHECK_DELAY_MS);
  const check = useBalanceCheck(checkedJson);
  const complete = bodyJson !== null;
  const validating = complete && (checkedJson !== bodyJson || check.isFetching);
  const result = complete && !validating && !check.isError ? check.data : undefined;
  const allowed = !complete || (result !== undefined && (result.payable === 0 || (result.minsReqed > 0 && result.pass)));
  // A 400 of the check names fields as /pto/request does: show them in place.
  const checkFailure = complete && !validating && check.error ? formFailure(check.error, REQUEST_FIELDS, { useServerMessage: true }) : null;
  return { validating, result, allowed, checkFailure };
}
