import { VisuallyHidden } from '@mantine/core';
import { usePageTitle } from '@/components/page-title';

/**
 * The screens people land on after logging in. Their content is built by later issues; until then
 * the routes exist so redirects have a target, and render the shell alone. The heading is only
 * for assistive technology (every page has a name).
 */
function LandingTarget({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <VisuallyHidden>
      <h1>{title}</h1>
    </VisuallyHidden>
  );
}

export const CustomersRoute = () => <LandingTarget title="Customers" />;
