import '@mantine/core/styles/Code.css';
import { Button, Code, CopyButton, Group, SimpleGrid, Stack } from '@mantine/core';
import { FormAlert } from '@/components/form-alert';

export const RECOVERY_CODES_TITLE = 'Your recovery codes';
export const RECOVERY_CODES_HELP =
  'If you lose your authenticator, each of these codes signs you in once. Keep them somewhere safe, such as a password manager: they are shown only now.';
export const SAVED_CODES = 'I have saved these codes';

interface RecoveryCodesProps {
  codes: string[];
  /** "I have saved these codes". */
  onSaved: () => void;
  /** While the press goes on (e.g. the session opening). */
  loading?: boolean;
}

/** Ten single-use recovery codes, shown once, with a copy button and "I have saved these codes". */
export function RecoveryCodes({ codes, onSaved, loading = false }: RecoveryCodesProps) {
  return (
    <Stack gap="md" data-testid="recovery-codes">
      <FormAlert color="yellow" title={RECOVERY_CODES_TITLE}>
        {RECOVERY_CODES_HELP}
      </FormAlert>
      <SimpleGrid cols={2} spacing="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <Code fz="md" data-testid="recovery-code">
              {code}
            </Code>
          </li>
        ))}
      </SimpleGrid>
      <Group justify="space-between" gap="sm">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? 'Copied' : 'Copy the codes'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onSaved} loading={loading}>
          {SAVED_CODES}
        </Button>
      </Group>
    </Stack>
  );
}
