import { SsoCallback } from '@/features/auth/components/sso-callback';

/** /v4sso/auth-callback?code&state: where the identity provider sends the browser back. */
export function SsoCallbackRoute() {
  return <SsoCallback />;
}
