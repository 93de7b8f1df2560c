import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useIsPhone } from '@/lib/media';

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
 *
 * An admin's three buttons do not fit a row of a phone, nor of Mantine's 'md' modal, and wrapped
 * they left one button alone on a second line: a phone stacks them full width, the profile first
 * (what the modal asks for, nearest the text) and Done last; a desktop gets a wider modal with
 * one row.
 */
export function TourDoneModal({ opened, onClose, next }: { opened: boolean; onClose: () => void; next: NextStep | null }) {
  const isPhone = useIsPhone();
  const buttons = [
    <Button key="done" variant="default" onClick={onClose} fullWidth={isPhone}>
      Done
    </Button>,
    next ? (
      <Button key="next" component={Link} to={next.to} variant="light" onClick={onClose} fullWidth={isPhone}>
        {next.label}
      </Button>
    ) : null,
    <Button key="profile" component={Link} to="/my-profile" onClick={onClose} fullWidth={isPhone} data-autofocus>
      {UPDATE_PROFILE}
    </Button>,
  ];
  return (
    <Modal opened={opened} onClose={onClose} title={DONE_TITLE} centered size={isPhone ? 'md' : 'lg'} data-testid="tour-done-modal">
      <Stack gap="lg">
        <Text>That was the tour. One more thing: complete your profile, so your team can reach you.</Text>
        {isPhone ? (
          <Stack gap="sm" data-testid="tour-done-actions">
            {buttons.reverse()}
          </Stack>
        ) : (
          <Group justify="flex-end" gap="sm" wrap="nowrap" data-testid="tour-done-actions">
            {buttons}
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
