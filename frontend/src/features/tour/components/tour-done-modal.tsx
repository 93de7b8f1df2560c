import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

export const DONE_TITLE = "You're all set!";
export const UPDATE_PROFILE = 'Update My Profile';

/** A next step the done modal offers besides the profile (admins: their staff). */
export interface NextStep {
  label: string;
  to: string;
}

/**
 * Spec 000 §2 tour-done modal: the tour is over; it links to /my-profile, where the person's
 * contact details and emergency contacts are still to be filled in.
 */
export function TourDoneModal({ opened, onClose, next }: { opened: boolean; onClose: () => void; next: NextStep | null }) {
  return (
    <Modal opened={opened} onClose={onClose} title={DONE_TITLE} centered size="md" data-testid="tour-done-modal">
      <Stack gap="lg">
        <Text>That was the tour. One more thing: complete your profile, so your team can reach you.</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Done
          </Button>
          {next ? (
            <Button component={Link} to={next.to} variant="light" onClick={onClose}>
              {next.label}
            </Button>
          ) : null}
          <Button component={Link} to="/my-profile" onClick={onClose} data-autofocus>
            {UPDATE_PROFILE}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
