import { Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { usePageTitle } from '@/components/page-title';
import { sorry } from '@/lib/form-errors';
import type { Identity } from '@/lib/identity';
import { refreshIdentity } from '@/lib/refresh-identity';
import { formatCents } from '@/lib/money';
import { useBillingData } from '../api/get-billing-data';
import type { BillingData } from '../api/schemas';
import { CancelAccountSection } from './cancel-account';
import { BILLING_TEXTS } from './labels';
import { PastPayments } from './past-payments';
import { PaymentMethodCard } from './payment-method-card';
import { SubscriptionCard, TrialCard } from './plan-card';
import { useCheckoutReturn, type CheckoutNotice } from './use-checkout-return';

/** Spec 001 §4/§9: cancelling the account signs out 2 seconds after the answer. */
export const SIGN_OUT_DELAY_MS = 2000;

const amountDue = (cents: number) => (cents > 0 ? ` Amount due: ${formatCents(cents)}.` : '');

function Waiting({ text }: { text: string }) {
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" />
      <Text>{text}</Text>
    </Group>
  );
}

/** A past-due or suspended company is told so above everything else. */
function StatusNotice({ data }: { data: BillingData }) {
  if (data.status === 'past_due') {
    return (
      <FormAlert color="yellow" title="Payment failed">
        {BILLING_TEXTS.pastDue}
        {amountDue(data.amountDue)}
      </FormAlert>
    );
  }
  if (data.status === 'suspended') {
    return (
      <FormAlert title="Account suspended">
        {BILLING_TEXTS.suspended}
        {amountDue(data.amountDue)}
      </FormAlert>
    );
  }
  return null;
}

interface BillingDetailsProps {
  data: BillingData;
  reactivated: boolean;
  refusedPromotCode: CheckoutNotice['refusedPromotCode'];
  onCancelled: (message: string) => void;
}

function BillingDetails({ data, reactivated, refusedPromotCode, onCancelled }: BillingDetailsProps) {
  return (
    <>
      {reactivated || data.reactivated ? <FormAlert color="green">{BILLING_TEXTS.reactivated}</FormAlert> : null}
      <StatusNotice data={data} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <PaymentMethodCard data={data} />
        {/* A trial suspended by the operator is still a trial: no subscription to show. */}
        {data.subscription === null ? <TrialCard data={data} refusedPromotCode={refusedPromotCode} /> : <SubscriptionCard data={data} />}
      </SimpleGrid>
      <PastPayments />
      <CancelAccountSection onCancelled={onCancelled} />
    </>
  );
}

function CheckoutMessage({ notice }: { notice: CheckoutNotice }) {
  return (
    <FormAlert color={notice.ok ? 'green' : 'red'}>
      <span data-testid="checkout-message">{notice.message}</span>
    </FormAlert>
  );
}

/**
 * The session's claims (suspended, the trial end) are refreshed when the server's status says
 * otherwise: the charge job may have suspended the company, or payment reactivated it, since the
 * token was issued; the menu and the screens follow the fresh claims.
 */
function useIdentityFollowsStatus(identity: Identity, data: BillingData | undefined) {
  const refreshed = useRef<string | null>(null);
  const status = data?.status;
  const subscribed = data !== undefined && data.trialEnd === null;
  useEffect(() => {
    if (status === undefined) return;
    const disagrees = (status === 'suspended') !== identity.suspended || (subscribed && identity.trialEnd !== null);
    if (disagrees && refreshed.current !== status) {
      refreshed.current = status;
      void refreshIdentity();
    }
  }, [identity.suspended, identity.trialEnd, status, subscribed]);
}

/** The billing of a company with billing on: the return from checkout first, then the data. */
function Billing({ identity, onCancelled }: { identity: Identity; onCancelled: (message: string) => void }) {
  const checkout = useCheckoutReturn();
  const data = useBillingData({ enabled: !checkout.pending });
  useIdentityFollowsStatus(identity, data.data);
  return (
    <>
      {checkout.notice ? <CheckoutMessage notice={checkout.notice} /> : null}
      {checkout.pending ? (
        <Waiting text={BILLING_TEXTS.pleaseWait} />
      ) : data.isPending ? (
        <Loader role="status" aria-label="Loading the billing details" />
      ) : data.isError ? (
        <FormAlert>{sorry(data.error)}</FormAlert>
      ) : (
        <BillingDetails
          data={data.data}
          reactivated={checkout.notice?.reactivated ?? false}
          refusedPromotCode={checkout.notice?.refusedPromotCode}
          onCancelled={onCancelled}
        />
      )}
    </>
  );
}

interface BillingScreenProps {
  identity: Identity;
  /** Signs out (the route's logout); called 2 seconds after the account is cancelled. */
  onSignOut: () => void;
}

/**
 * /admin/manage/my-account, Billing (spec 001 §2, docs/contracts/billing.md; admins): the payment
 * method, the trial or the subscription with its next charge, past payments and 'Cancel Account'.
 * Returning from the provider's checkout (?session_id=&action=) saves what was done there first.
 */
export function BillingScreen({ identity, onSignOut }: BillingScreenProps) {
  usePageTitle(BILLING_TEXTS.title);
  const [cancelled, setCancelled] = useState<string | null>(null);
  const signOut = useRef(onSignOut);
  useEffect(() => {
    signOut.current = onSignOut;
  });
  useEffect(() => {
    if (cancelled === null) return;
    const timer = setTimeout(() => signOut.current(), SIGN_OUT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [cancelled]);

  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {BILLING_TEXTS.title}
      </Title>
      {cancelled !== null ? (
        <>
          <FormAlert color="green">{cancelled}</FormAlert>
          <Waiting text={BILLING_TEXTS.signingOut} />
        </>
      ) : !identity.hasHrSubscription ? (
        <FormAlert color="blue">{BILLING_TEXTS.billingOff}</FormAlert>
      ) : (
        <Billing identity={identity} onCancelled={setCancelled} />
      )}
    </Stack>
  );
}
