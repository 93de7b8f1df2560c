import { Anchor } from '@mantine/core';
import { telHref } from '@/lib/phone';

/** A phone number as a tel: link (digits only in the address). */
export function PhoneLink({ phone }: { phone: string | null }) {
  if (!phone) return null;
  return (
    <Anchor href={telHref(phone)} size="sm">
      {phone}
    </Anchor>
  );
}

/** An e-mail address as a mailto: link. */
export function EmailLink({ email }: { email: string | null }) {
  if (!email) return null;
  return (
    <Anchor href={`mailto:${email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
      {email}
    </Anchor>
  );
}
