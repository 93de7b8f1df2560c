import '@mantine/core/styles/Image.css';
import { Button, Center, CopyButton, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import type { TwoFactorSetup } from '../api/two-factor';

export const QR_ALT = 'QR code for your authenticator app';
export const SCAN_HELP =
  'Scan the QR code with an authenticator app (for example Google Authenticator, Microsoft Authenticator or 1Password), then enter the 6-digit code it shows.';
export const SECRET_HELP = 'Cannot scan? Type the secret key into the app instead.';

/** A new authenticator's key: its QR code and, for typing in, the secret in text. */
export function AuthenticatorKey({ setup }: { setup: TwoFactorSetup }) {
  return (
    <Stack gap="sm" data-testid="authenticator-key">
      <Text size="sm">{SCAN_HELP}</Text>
      <Center>
        <Image src={setup.qrCode} alt={QR_ALT} w={200} h={200} fit="contain" bg="white" />
      </Center>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label="Secret key"
          description={SECRET_HELP}
          value={setup.secret}
          readOnly
          autoComplete="off"
          spellCheck={false}
          style={{ flex: 1 }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          data-testid="two-factor-secret"
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton value={setup.secret}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy} aria-label={copied ? 'Secret key copied' : 'Copy the secret key'}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
