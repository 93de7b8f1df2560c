import { Group, Loader, Stack, Text } from '@mantine/core';
import { FormAlert } from '@/components/form-alert';
import type { BalanceCheck } from '../api/requests';

/** 'This request uses 16 hrs' (hours with up to two decimals). */
const usesText = (hourReqed: number): string => `This request uses ${Number(hourReqed.toFixed(2))} hrs`;

/** 'Checking your balance…' while the check runs, then its answer: the server's message or good news, and the hours used. */
export function BalanceCheckNotice({ validating, result }: { validating: boolean; result: BalanceCheck | undefined }) {
  return (
    <>
      {validating ? (
        <Group gap="xs" data-testid="balance-checking">
          <Loader size="xs" aria-hidden="true" />
          <Text size="sm" c="dimmed">
            Checking your balance…
          </Text>
        </Group>
      ) : null}
      {result ? (
        <Stack gap="xs" data-testid="balance-check">
          {result.message ? <FormAlert>{result.message}</FormAlert> : null}
          {result.goodNews ? <FormAlert color="green">{result.goodNews}</FormAlert> : null}
          <Text size="sm" data-testid="request-uses">
            {usesText(result.hourReqed)}
          </Text>
        </Stack>
      ) : null}
    </>
  );
}
