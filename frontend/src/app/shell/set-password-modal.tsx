import { Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ChangePasswordForm, passwordFormTitle } from '@/features/auth/components/change-password-form';
import { isSysadmin, type Identity } from '@/lib/identity';

/** Whether the mandatory set-password modal asks for a password (other modals wait for it). */
export const setPasswordRequired = (identity: Identity, params: URLSearchParams): boolean =>
  (identity.pwdchg || params.get('man') === '1') && !isSysadmin(identity);

/**
 * The mandatory set-password modal: when the server asks for a new password (pwdchg) or the person
 * arrived through an e-mailed security-token link (?man=1&sectoken=...). It cannot be closed.
 */
export function SetPasswordModal({ identity }: { identity: Identity }) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const mandatory = identity.pwdchg || params.get('man') === '1';
  const opened = mandatory && !done && !isSysadmin(identity) && location.pathname !== '/change-my-password';
  // Fixed when the modal opens: creating a password changes hasHashPassword in the new token.
  const [hasPassword] = useState(identity.hasHashPassword);

  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={passwordFormTitle(hasPassword)}
    >
      <Text size="sm" mb="md">
        Please set a password for your account before you continue.
      </Text>
      <ChangePasswordForm
        hasPassword={hasPassword}
        onDone={() => {
          setTimeout(() => {
            setDone(true);
            const rest = new URLSearchParams(params);
            rest.delete('man');
            rest.delete('sectoken');
            const search = rest.toString();
            navigate(`${location.pathname}${search ? `?${search}` : ''}`, { replace: true });
          }, 2000);
        }}
      />
    </Modal>
  );
}
