import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { sorry } from '@/lib/form-errors';
import { useIsPhone } from '@/lib/media';
import { useBalanceDetail, type BalanceDetailRequest, type StartingBalance } from '../api/plans';
import { adjustedBalances, balanceGroups, hasPeople, invalidBalances, startingBalanceFailure } from '../api/starting-balances';
import { StartingBalanceGroup, type BalanceFields } from './starting-balance-table';

/**
 * The edit panel's 'Adjust starting balances' modal (002 §2 "Plans section", §4 "PTO plan
 * editing"): the people added to a saved plan for the current or a past year, with their balances
 * under the plan they come from (if any) and under this one. 'Save' sends the starting balances that
 * differ from the plan's own; 'Skip' saves without any. A starting balance the server refuses comes
 * back under its field.
 */
export function AdjustBalancesModal({
  planId,
  request,
  saving,
  onSave,
  onClose,
}: {
  planId: number;
  request: BalanceDetailRequest;
  saving: boolean;
  /** Saves the plan with these starting balances (undefined: skipped); rejects with the server's failure. */
  onSave: (startingBalances: StartingBalance[] | undefined) => Promise<void>;
  onClose: () => void;
}) {
  const isPhone = useIsPhone();
  const detail = useBalanceDetail(request);
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const groups = detail.data ? balanceGroups(detail.data, planId) : null;
  const people = groups ? [...groups.moving, ...groups.joining] : [];
  const invalid = invalidBalances(people, edits);
  const fields: BalanceFields = {
    edits,
    serverErrors,
    onChange: (key, text) => {
      setEdits((current) => ({ ...current, [key]: text }));
      setServerErrors((current) => (key in current ? Object.fromEntries(Object.entries(current).filter(([other]) => other !== key)) : current));
    },
    disabled: saving,
  };

  const save = (startingBalances: StartingBalance[] | undefined) => {
    setError(null);
    onSave(startingBalances).catch((err: unknown) => {
      const { fields: messages, general } = startingBalanceFailure(err, startingBalances ?? []);
      setServerErrors(messages);
      if (general !== null) setError(sorry(general));
    });
  };

  return (
    <Modal opened onClose={onClose} title="Adjust starting balances" size="xl" fullScreen={isPhone} data-testid="adjust-balances">
      <Stack gap="md">
        {detail.isPending ? (
          <Loader size="sm" aria-label="Loading the balances" />
        ) : detail.isError ? (
          <FormAlert>{sorry(detail.error)}</FormAlert>
        ) : !hasPeople(groups) ? (
          <Text size="sm">Nobody&apos;s starting balance needs adjusting: the plan computes every balance.</Text>
        ) : (
          <>
            {groups.moving.length > 0 ? <StartingBalanceGroup group="moving" people={groups.moving} fields={fields} /> : null}
            {groups.joining.length > 0 ? <StartingBalanceGroup group="joining" people={groups.joining} fields={fields} /> : null}
          </>
        )}
        {error ? <FormAlert>{error}</FormAlert> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button variant="light" onClick={() => save(undefined)} disabled={saving}>
            Skip
          </Button>
          <Button onClick={() => save(adjustedBalances(people, edits))} loading={saving} disabled={detail.isPending || detail.isError || invalid.length > 0}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
