import { redirect, type LoaderFunctionArgs } from 'react-router';
import { accessDecision, landingRedirect, type Access } from '@/lib/redirects';
import { sessionStore } from '@/lib/session';

/**
 * Route loaders that apply lib/redirects.ts before a screen's code is even fetched.
 * The shell re-checks on every render, so a session that ends while a screen is open
 * (logout in another tab, expiry, revocation) also leads to the login page.
 */
export const guard =
  (access: Access) =>
  ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const decision = accessDecision(access, sessionStore.get()?.identity ?? null, {
      pathname: url.pathname,
      search: url.search,
    });
    if (decision.kind === 'redirect') throw redirect(decision.to);
    return null;
  };

/** The landing page sends a signed-in visitor to their home, keeping the query string. */
export const landingGuard = ({ request }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  const to = landingRedirect(sessionStore.get()?.identity ?? null, url.search);
  if (to) throw redirect(to);
  return null;
};
