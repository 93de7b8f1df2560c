import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentProps } from 'react';

/** The step loads when a sign-in asks for it: most sign-ins never do, and the login page stays light. */
const TwoFactorStepChunk = lazy(() => import('./two-factor-step').then((m) => ({ default: m.TwoFactorStep })));

/** The second factor's step of a sign-in (two-factor-step.tsx), loaded on first use. */
export function LazyTwoFactorStep(props: ComponentProps<typeof TwoFactorStepChunk>) {
  return (
    <Suspense
      fallback={
        <Center>
          <Loader role="status" aria-label="Loading two-factor sign-in" />
        </Center>
      }
    >
      <TwoFactorStepChunk {...props} />
    </Suspense>
  );
}
