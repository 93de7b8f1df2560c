import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { cardBrand, cardExpiry } from '@/lib/money';
import type { BillingData } from '../api/schemas';
import { BILLING_TEXTS } from './labels';
import { checkoutPage } from './use-checkout-return';

/**
 * The card on file (brand, last 4 digits, expiry) or the spec's empty state, and 'Update Card'
 * when the server offers a checkout for a new card (subscribed companies).
 */
export function PaymentMethodCard({ data }: { data: Pick<BillingData, 'card' | 'updateUrl'> }) {
  const { card, updateUrl } = data;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="billing-payment-method">
      <Stack gap="sm" h="100%">
        <Title order={2} fz="lg" id="billing-payment-method">
          Payment Method
        </Title>
        {card ? (
          <Stack gap={4} data-testid="card-on-file">
            <Text fw={600}>
              {cardBrand(card.brand)} ending in {card.last4}
            </Text>
            <Text c="dimmed" size="sm">
              Expires {cardExpiry(card)}
            </Text>
          </Stack>
        ) : (
          <Text c="dimmed" data-testid="no-card">
            {BILLING_TEXTS.noCard}
          </Text>
        )}
        {updateUrl ? (
          <Group mt="auto">
            <Button variant="default" onClick={() => checkoutPage.open(updateUrl)}>
              Update Card
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
