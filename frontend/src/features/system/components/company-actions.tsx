import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form-alert';
import { FormModal } from '@/components/form-modal';
import { sorry } from '@/lib/form-errors';
import { useChargeNext } from '../api/charge-next';
import { useChargeToday } from '../api/charge-today';
import type { ChargeNextAnswer, ChargeTodayAnswer, CompanyDetail } from '../api/schemas';
import { useSetCompanySuspended } from '../api/set-company-state';
import { CompanyEditForm } from './company-edit-form';
import { DeleteCompanyDialog } from './delete-company-dialog';
import { dayText } from './format';
import { RETRY_OUTCOME_TEXTS, SYSTEM_TEXTS } from './labels';

type Dialog = 'edit' | 'suspend' | 'charge-next' | 'delete';
type Notice = { ok: boolean; text: string };

/** What 'Charge today' did: 'Nothing is due today.' or how many charges were made, paid and declined. */
export function chargeTodayText({ created, paid, declined }: ChargeTodayAnswer): string {
  if (created === 0) return SYSTEM_TEXTS.nothingDue;
  return `${created} ${created === 1 ? 'charge was' : 'charges were'} made: ${paid} paid, ${declined} declined.`;
}

/** What 'Charge next' did: the charge was made, and how its attempt went when the server says. */
export const chargeNextText = ({ outcome }: ChargeNextAnswer): string =>
  outcome ? `The next charge was made. ${RETRY_OUTCOME_TEXTS[outcome]}` : 'The next charge was made.';

/** A company is suspended by the operator or by billing: 'Activate' lifts either. */
export const isSuspended = (company: Pick<CompanyDetail, 'suspended' | 'status'>): boolean => company.suspended || company.status === 'suspended';

/**
 * The operator's actions on a company: edit, suspend or activate, charge today, charge next (asked
 * first: it bills a month early) and delete (the name typed). What each came to shows above them.
 */
export function CompanyActions({ company, onDeleted }: { company: CompanyDetail; onDeleted: () => void }) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const suspension = useSetCompanySuspended(company.id);
  const today = useChargeToday(company.id);
  const next = useChargeNext(company.id);
  const suspended = isSuspended(company);
  const billing = company.billing !== null;
  const busy = suspension.isPending || today.isPending || next.isPending;
  const fail = (error: unknown) => setNotice({ ok: false, text: sorry(error) });
  const close = () => setDialog(null);

  const setSuspended = (suspend: boolean) => {
    setNotice(null);
    suspension.mutate(suspend, {
      onSuccess: () => setNotice({ ok: true, text: suspend ? `${company.name} is suspended.` : `${company.name} is active again.` }),
      onError: fail,
      onSettled: close,
    });
  };

  return (
    <Stack gap="sm">
      {notice ? (
        <FormAlert color={notice.ok ? 'green' : 'red'}>
          <span data-testid="company-notice">{notice.text}</span>
        </FormAlert>
      ) : null}
      <Group gap="sm" wrap="wrap" role="group" aria-label="Company actions">
        <Button variant="default" onClick={() => setDialog('edit')} aria-haspopup="dialog">
          Edit company
        </Button>
        {suspended ? (
          <Button color="green.9" onClick={() => setSuspended(false)} loading={suspension.isPending} disabled={busy && !suspension.isPending}>
            Activate
          </Button>
        ) : (
          // Red 9, not orange 9: white on Mantine's darkest orange is 4.3:1, under WCAG AA's 4.5:1.
          <Button color="red.9" onClick={() => setDialog('suspend')} aria-haspopup="dialog" disabled={busy}>
            Suspend
          </Button>
        )}
        {billing ? (
          <>
            <Button
              variant="default"
              loading={today.isPending}
              disabled={busy && !today.isPending}
              onClick={() => {
                setNotice(null);
                today.mutate(undefined, { onSuccess: (answer) => setNotice({ ok: true, text: chargeTodayText(answer) }), onError: fail });
              }}
            >
              Charge today
            </Button>
            <Button variant="default" onClick={() => setDialog('charge-next')} aria-haspopup="dialog" disabled={busy}>
              Charge next
            </Button>
          </>
        ) : null}
        <Button color="red.9" variant="outline" onClick={() => setDialog('delete')} aria-haspopup="dialog">
          Delete company
        </Button>
      </Group>

      <FormModal opened={dialog === 'edit'} onClose={close} title="Edit company" centered size="md">
        {dialog === 'edit' ? (
          <CompanyEditForm
            company={company}
            onCancel={close}
            onSaved={() => {
              close();
              setNotice({ ok: true, text: 'The company was saved.' });
            }}
          />
        ) : null}
      </FormModal>
      <ConfirmDialog
        opened={dialog === 'suspend'}
        title={`Suspend ${company.name}?`}
        message="Its people can no longer make changes, and see the suspended message, until you activate it again."
        confirmLabel="Suspend"
        danger
        loading={suspension.isPending}
        onCancel={close}
        onConfirm={() => setSuspended(true)}
      />
      <ConfirmDialog
        opened={dialog === 'charge-next'}
        title="Charge the next month now?"
        message={`The charge of the period starting ${dayText(company.billing?.nextChargeDate ?? null)} is made and attempted now with the card on file; the next charge date moves a month on.`}
        confirmLabel="Charge next"
        loading={next.isPending}
        onCancel={close}
        onConfirm={() => {
          setNotice(null);
          next.mutate(undefined, { onSuccess: (answer) => setNotice({ ok: true, text: chargeNextText(answer) }), onError: fail, onSettled: close });
        }}
      />
      <DeleteCompanyDialog company={company} opened={dialog === 'delete'} onClose={close} onDeleted={onDeleted} />
    </Stack>
  );
}
