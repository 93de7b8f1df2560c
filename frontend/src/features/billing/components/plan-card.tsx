import { Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { formatCents } from '@/lib/money';
import type { BillingData, ChargeDetail, Promotion } from '../api/schemas';
import { billingDay, perUserRate, usersCount } from './format';
import { BILLING_TEXTS, STATUS_COLORS, STATUS_LABELS } from './labels';
import { rememberPromotCode } from './promotion-code';
import { checkoutPage } from './use-checkout-return';

/** One 'label: value' line of a card. */
function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" data-testid={testId}>
      <Text c="dimmed" size="sm">
        {label}
      </Text>
      <Text fw={600} ta="right">
        {children}
      </Text>
    </Group>
  );
}

/**
 * A charge as base + per user (price × users) − the promotion's discount = total, e.g. the next
 * one. The server's total is the truth: what it takes off the sum is the discount.
 */
export function ChargeBreakdown({ label, detail, total }: { label: string; detail: ChargeDetail; total: number }) {
  const discount = detail.base + detail.perUserTotal - total;
  return (
    <Table aria-label={label} data-testid="charge-breakdown" verticalSpacing={4} withRowBorders={false}>
      <Table.Tbody>
        <Table.Tr>
          <Table.Th scope="row" fw={400}>
            Base
          </Table.Th>
          <Table.Td ta="right">{formatCents(detail.base)}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row" fw={400}>
            Per user ({perUserRate(detail.perUser, detail.users)})
          </Table.Th>
          <Table.Td ta="right">{formatCents(detail.perUserTotal)}</Table.Td>
        </Table.Tr>
        {discount > 0 ? (
          <Table.Tr>
            <Table.Th scope="row" fw={400}>
              Promotion discount
            </Table.Th>
            <Table.Td ta="right">−{formatCents(discount)}</Table.Td>
          </Table.Tr>
        ) : null}
        <Table.Tr style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Table.Th scope="row">Total</Table.Th>
          <Table.Td ta="right" fw={700}>
            {formatCents(total)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

function PlanPaper({ title, badge, children }: { title: string; badge: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="billing-plan" data-testid="plan-card">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id="billing-plan">
            {title}
          </Title>
          {badge}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** 'WELCOME: 20% off the first 3 months (2 charges left)'. */
export function promotionText(promotion: Promotion): string {
  const left = promotion.monthsLeft === null ? 'every charge' : `${promotion.monthsLeft} ${promotion.monthsLeft === 1 ? 'charge' : 'charges'} left`;
  return `${promotion.code}${promotion.description ? `: ${promotion.description}` : ''} (${left})`;
}

/** The company's promotion code, when it has one. */
function PromotionFact({ promotion }: { promotion: Promotion | null }) {
  if (!promotion) return null;
  return (
    <Fact label="Promotion" testId="promotion">
      {promotionText(promotion)}
    </Fact>
  );
}

const StatusBadge = ({ status }: { status: BillingData['status'] }) => (
  <Badge color={STATUS_COLORS[status]} variant="filled" autoContrast data-testid="billing-status">
    {STATUS_LABELS[status]}
  </Badge>
);

interface TrialCardProps {
  data: BillingData;
  /** A code the last activation refused, shown in the field with the server's message. */
  refusedPromotCode?: { code: string; error: string } | undefined;
}

/**
 * The trial (status 'trial'): its start (30 days before its end, 001 §4), end and days left, what
 * the subscription would cost now, an optional promotion code, and 'Activate Subscription' to the
 * provider's checkout. The code is kept for the return from the checkout, whose activation sends it.
 */
export function TrialCard({ data, refusedPromotCode }: TrialCardProps) {
  const { activateUrl, activateSessionId } = data;
  const ended = data.trialDaysLeft !== null && data.trialDaysLeft < 0;
  const [promotCode, setPromotCode] = useState(refusedPromotCode?.code ?? '');
  const [promotError, setPromotError] = useState<string | null>(refusedPromotCode?.error ?? null);
  return (
    <PlanPaper title="Free Trial" badge={<StatusBadge status={data.status} />}>
      <Fact label="Trial start" testId="trial-start">
        {billingDay(data.trialStart)}
      </Fact>
      <Fact label="Trial end" testId="trial-end">
        {billingDay(data.trialEnd)}
      </Fact>
      <Fact label="Days left" testId="trial-days-left">
        {data.trialDaysLeft === null ? '—' : Math.max(0, data.trialDaysLeft)}
      </Fact>
      {ended ? <Text c="red.8">{BILLING_TEXTS.trialEnded}</Text> : null}
      <Text size="sm" mt="xs">
        Your monthly charge once subscribed, for {usersCount(data.chargeDetail.users)} now:
      </Text>
      <ChargeBreakdown label="Monthly charge" detail={data.chargeDetail} total={data.totalCharge} />
      <PromotionFact promotion={data.promotion} />
      {activateUrl ? (
        <>
          {data.promotion ? null : (
            <TextInput
              label="Promotion code"
              description="Optional"
              autoComplete="off"
              value={promotCode}
              error={promotError}
              onChange={(event) => {
                setPromotCode(event.currentTarget.value);
                setPromotError(null);
              }}
            />
          )}
          <Group>
            <Button
              onClick={() => {
                rememberPromotCode(activateSessionId ?? '', data.promotion ? '' : promotCode);
                checkoutPage.open(activateUrl);
              }}
            >
              Activate Subscription
            </Button>
          </Group>
        </>
      ) : null}
    </PlanPaper>
  );
}

/** A subscription (active, past due or suspended): its start, the next charge's day and amount. */
export function SubscriptionCard({ data }: { data: BillingData }) {
  const { subscription } = data;
  return (
    <PlanPaper title="Subscription" badge={<StatusBadge status={data.status} />}>
      <Fact label="Start date" testId="subscription-start">
        {billingDay(subscription?.startDate ?? null)}
      </Fact>
      <Fact label="Next charge date" testId="next-charge-date">
        {billingDay(subscription?.nextChargeDate ?? null)}
      </Fact>
      <Text size="sm" mt="xs">
        Next charge:
      </Text>
      <ChargeBreakdown label="Next charge" detail={data.chargeDetail} total={data.totalCharge} />
      <PromotionFact promotion={data.promotion} />
    </PlanPaper>
  );
}
