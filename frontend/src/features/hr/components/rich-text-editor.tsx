import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId } from 'react';

export interface RichTextEditorFieldProps {
  label: string;
  /** The HTML the editor starts with (read once, when it mounts). */
  initialValue: string;
  onChange: (html: string) => void;
  error?: string | null;
}

/**
 * Mantine's rich-text editor (tiptap) for an HR event's comments and a policy's content: bold,
 * italic, underline, strike-through, lists, a link. Loaded lazily (see comments-editor.tsx):
 * tiptap and ProseMirror are the biggest code of the HR screens and only those two forms need them.
 */
export default function RichTextEditorField({ label, initialValue, onChange, error }: RichTextEditorFieldProps) {
  const labelId = useId();
  const editor = useEditor({
    // StarterKit 3 brings a link extension of its own; Mantine's adds the link control's behaviour.
    extensions: [StarterKit.configure({ link: false }), Link.configure({ openOnClick: false })],
    content: initialValue,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'data-testid': 'rich-text-editor',
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
  });

  return (
    <Input.Wrapper label={label} labelElement="div" labelProps={{ id: labelId }} error={error}>
      <RichTextEditor editor={editor} mt={4} style={{ borderColor: error ? 'var(--mantine-color-error)' : undefined }}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={140} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
