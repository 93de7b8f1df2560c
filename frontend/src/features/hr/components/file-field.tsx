import { FileInput } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';
import { ACCEPTED_FILES } from '../api/schemas';

interface FileFieldProps {
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  error?: ReactNode;
  required?: boolean;
}

/**
 * The file of an HR record: PDF, Word, Excel, PowerPoint, PNG, JPEG, GIF or WebP, up to 10 MB (the
 * server checks the bytes; the picker offers those names).
 */
export function FileField({ label, value, onChange, error, required = false }: FileFieldProps) {
  return (
    <FileInput
      label={label}
      withAsterisk={required}
      placeholder="Choose a file"
      // The placeholder is text on the button (not an input's ::placeholder): it needs 4.5:1 (gray 7).
      styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
      accept={ACCEPTED_FILES}
      clearable
      clearButtonProps={{ 'aria-label': 'Remove the file' }}
      value={value}
      onChange={onChange}
      error={error}
      fileInputProps={{ 'data-testid': 'file-input' } as ComponentProps<'input'>}
    />
  );
}
