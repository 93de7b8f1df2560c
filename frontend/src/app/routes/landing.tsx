import { LandingPage } from '@/features/landing/components/landing-page';

/** `/`: visitors only; signed-in visitors are sent home by the route's loader (app/guard.ts). */
export function LandingRoute() {
  return <LandingPage />;
}
