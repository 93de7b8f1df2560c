import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export const WELCOME_TITLE = 'Welcome to Timekeep!';
export const GET_STARTED = 'Get Started';
export const SKIP_TOUR = 'Skip the tour';

/** Spec 000 §2 welcome modal: offered once, on the first sign-in that has not seen the tour. */
export function WelcomeModal({
  opened,
  firstname,
  onStart,
  onSkip,
}: {
  opened: boolean;
  firstname: string;
  onStart: () => void;
  onSkip: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onSkip} title={WELCOME_TITLE} centered size="md" data-testid="welcome-modal">
      <Stack gap="lg">
        <Text>
          {firstname ? `Hi ${firstname}, let` : 'Let'} us show you around: the tour takes a minute, and shows where
          everything is.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onSkip}>
            {SKIP_TOUR}
          </Button>
          <Button onClick={onStart} data-autofocus>
            {GET_STARTED}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
