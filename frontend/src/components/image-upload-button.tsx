import { Button, FileButton } from '@mantine/core';
import { useRef } from 'react';

/**
 * Picture uploads (avatars, the company logo) go as multipart with the file in a part named
 * `file`. The server takes PNG, JPEG, GIF and WebP images of at most 5 MB and says why it refuses
 * one; the browser checks the same first so a wrong pick is explained at once.
 */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPE_ERROR = 'Please choose a PNG, JPEG, GIF or WebP image.';
export const IMAGE_SIZE_ERROR = 'The image must not be larger than 5 MB.';

/** Why a picked file cannot be uploaded, or null when it can. */
export function imageFileProblem(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_TYPE_ERROR;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_SIZE_ERROR;
  return null;
}

interface ImageUploadButtonProps {
  label: string;
  /** A picked file that passed the type and size checks. */
  onFile: (file: File) => void;
  /** A picked file that did not, with the reason. */
  onProblem: (message: string) => void;
  loading?: boolean;
  disabled?: boolean;
}

/** A button that picks one picture; the hidden file input carries the same label. */
export function ImageUploadButton({ label, onFile, onProblem, loading = false, disabled = false }: ImageUploadButtonProps) {
  // Cleared after each pick, so picking the same file again is noticed.
  const reset = useRef<() => void>(null);
  return (
    <FileButton
      resetRef={reset}
      accept={IMAGE_TYPES.join(',')}
      disabled={disabled || loading}
      inputProps={{ 'aria-label': label }}
      onChange={(file) => {
        reset.current?.();
        if (!file) return;
        const problem = imageFileProblem(file);
        if (problem) onProblem(problem);
        else onFile(file);
      }}
    >
      {(props) => (
        <Button {...props} variant="light" size="xs" loading={loading} disabled={disabled}>
          {label}
        </Button>
      )}
    </FileButton>
  );
}
