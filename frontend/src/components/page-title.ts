import { useDocumentTitle } from '@mantine/hooks';

export const APP_NAME = 'Timekeep';

/** Sets the document title to "{title} | Timekeep" (every page has its own title). */
export function usePageTitle(title: string): void {
  useDocumentTitle(title ? `${title} | ${APP_NAME}` : APP_NAME);
}
