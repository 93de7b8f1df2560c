import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { TEXTS } from './labels';
import type { EmployeeListOnboarding } from './use-employee-list-params';

/** The guided tour's step on the list (spec 001 §2): the staff is in, set up their time off next. */
export function OnboardingPtoAlert({ onboarding, onLater }: { onboarding: EmployeeListOnboarding; onLater: () => void }) {
  return (
    <Alert color="teal" variant="light" data-testid="onboarding-pto" styles={{ message: { color: 'var(--mantine-color-text)' } }}>
      <Group justify="space-between" gap="sm">
        <Text inherit>{onboarding === 'added' ? TEXTS.staffAddedInTour : TEXTS.staffImportedInTour}</Text>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={onLater}>
            Later
          </Button>
          <Button component={Link} to="/admin/ptomanage" size="xs">
            {TEXTS.setupPtoNow}
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}

/** After a bulk add (?splash): everyone added got an e-mail to log in. */
export function BulkMailSentModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={TEXTS.mailSentTitle} centered size="sm">
      <Stack gap="lg">
        <Text>{TEXTS.bulkMailSent}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>Ok</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
