import { Button, Divider } from '@mantine/core';
import { openSsoPopup, useSsoMessages } from '@/lib/sso';
import { useSignupData } from '../api/get-signup-data';

interface SsoButtonProps {
  onToken: (token: string) => void;
  onFailed: () => void;
}

/** Shown only when the server has single sign-on configured (authorizationUrl not null). */
export function SsoButton({ onToken, onFailed }: SsoButtonProps) {
  const { data } = useSignupData();
  useSsoMessages((message) => {
    if (message.type === 'sso-success') onToken(message.token);
    else if (message.type === 'sso-failed') onFailed();
  });

  const url = data?.authorizationUrl;
  if (!url) return null;
  return (
    <>
      <Divider label="or" labelPosition="center" styles={{ label: { color: 'var(--mantine-color-dimmed)' } }} />
      <Button variant="default" fullWidth onClick={() => openSsoPopup(url)}>
        Log in with single sign-on
      </Button>
    </>
  );
}
