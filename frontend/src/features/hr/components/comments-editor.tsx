import { Input, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { RichTextEditorFieldProps } from './rich-text-editor';

const RichTextEditorField = lazy(() => import('./rich-text-editor'));

/**
 * The rich-text comments field of the add-event form. The editor (tiptap + ProseMirror) is its own
 * chunk, fetched when the form first opens, so neither the login page nor the folder's first paint
 * carry it.
 */
export function CommentsEditor(props: RichTextEditorFieldProps) {
  return (
    <Suspense
      fallback={
        <Input.Wrapper label={props.label} labelElement="div">
          <Loader size="sm" aria-label="Loading the editor" display="block" mt={4} />
        </Input.Wrapper>
      }
    >
      <RichTextEditorField {...props} />
    </Suspense>
  );
}
