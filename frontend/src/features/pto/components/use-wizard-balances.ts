import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { balanceDetailQueryOptions, type BalanceDetailRequest } from '../api/plans';
import { adjustedBalances, balanceGroups, type BalanceGroups } from '../api/starting-balances';
import type { PlanWizardForm } from './plan-wizard-form';
import type { BalanceFields } from './starting-balance-table';

export type BalancePart = keyof BalanceGroups;

/** Step 10's first sub-step: people coming from another plan, else those without one. */
export const firstPart = (found: BalanceGroups): BalancePart => (found.moving.length > 0 ? 'moving' : 'joining');
export const lastPart = (found: BalanceGroups): BalancePart => (found.joining.length > 0 ? 'joining' : 'moving');

/**
 * Step 10 of the wizard: the people of the loaded balance detail (null: not loaded, or nobody is
 * assigned), the sub-step shown, the typed balances (in the wizard's form) and the server's
 * refusals of them. Loading the detail of another request than the last lets go of the edits.
 */
export function useWizardBalances(form: PlanWizardForm) {
  const queryClient = useQueryClient();
  const [groups, setGroups] = useState<BalanceGroups | null>(null);
  /** The request the detail was loaded for. */
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const [part, setPart] = useState<BalancePart>('moving');
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [loading, setLoading] = useState(false);
  const edits = form.values.balanceEdits;

  const fields: BalanceFields = {
    edits,
    serverErrors,
    onChange: (key, text) => {
      form.setFieldValue('balanceEdits', (current) => ({ ...current, [key]: text }));
      setServerErrors((current) => (key in current ? Object.fromEntries(Object.entries(current).filter(([other]) => other !== key)) : current));
    },
  };

  /** Asks for the balance detail of `request`; `onLoaded` gets the people it names. */
  const load = (request: BalanceDetailRequest, onLoaded: (found: BalanceGroups) => void, onError: (err: unknown) => void) => {
    const requestKey = JSON.stringify(request);
    setLoading(true);
    queryClient
      .fetchQuery(balanceDetailQueryOptions(request))
      .then(
        (detail) => {
          const found = balanceGroups(detail);
          if (requestKey !== loadedFor) {
            form.setFieldValue('balanceEdits', {});
            setServerErrors({});
            setLoadedFor(requestKey);
          }
          setGroups(found);
          onLoaded(found);
        },
        onError,
      )
      .finally(() => setLoading(false));
  };

  return {
    groups,
    part,
    setPart,
    fields,
    loading,
    /** The balances typed over the prefilled ones, of everybody in the detail. */
    startingBalances: groups ? adjustedBalances([...groups.moving, ...groups.joining], edits) : [],
    load,
    /** Nobody is assigned: there is no detail. */
    clear: () => setGroups(null),
    /** The server refused these balances: their messages go under their fields. */
    refuse: setServerErrors,
  };
}
