import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

interface FormAlertProps {
  children: ReactNode;
  color?: 'red' | 'green' | 'blue' | 'yellow';
  title?: string;
}

/** A message above or below a form. Errors are announced to screen readers at once. */
export function FormAlert({ children, color = 'red', title }: FormAlertProps) {
  return (
    <Alert
      color={color}
      variant="light"
      title={title}
      role={color === 'red' ? 'alert' : 'status'}
      data-testid={color === 'red' ? 'form-error' : 'form-message'}
      // The text colour for the title too: a light alert's own shade fails WCAG AA on its background.
      styles={{ message: { color: 'var(--mantine-color-text)' }, title: { color: 'var(--mantine-color-text)' } }}
    >
      {children}
    </Alert>
  );
}
