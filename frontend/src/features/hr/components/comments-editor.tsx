import { Input, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { RichTextEditorFieldProps } from './rich-text-editor';

const RichTextEditorField = lazy(() => import('./rich-text-editor'));

/**
 * A rich-text field: the add-event form's comments and a policy broadcast's content. The editor
 * (tiptap + ProseMirror) is its own chunk, fetched when a form first opens, so neither the login
 * page nor a screen's first paint carry it.
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
