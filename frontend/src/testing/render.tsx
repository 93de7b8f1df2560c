import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { cssVariablesResolver, theme } from '@/app/theme';
import { createQueryClient } from '@/lib/query-client';

function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

/** Renders a component with the app's providers inside a memory router at `path`. */
export function renderWithApp(ui: ReactElement, { path = '/', routes = [] as RouteObject[], ...options }: { path?: string; routes?: RouteObject[] } & RenderOptions = {}) {
  const router = createMemoryRouter([{ path: '*', element: ui }, ...routes], { initialEntries: [path] });
  const result = render(<RouterProvider router={router} />, { wrapper: Providers, ...options });
  return { ...result, router };
}

/** Renders a full route table in a memory router. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(<RouterProvider router={router} />, { wrapper: Providers });
  return { ...result, router };
}
