import '@mantine/core/styles/Typography.css';
import { Typography } from '@mantine/core';

interface RichTextViewProps {
  /**
   * HTML the server has already sanitised (scripts, event handlers, styles and `javascript:` links
   * removed on the way in: docs/contracts/hr-records.md). Never pass anything else.
   */
  html: string;
  testId?: string;
}

/**
 * Rich text written in the editor (an HR event's comments), shown with Mantine's typography. This
 * is the one place in the app that sets inner HTML; nothing here builds HTML from user input.
 */
export function RichTextView({ html, testId = 'rich-text' }: RichTextViewProps) {
  if (!html.trim()) return null;
  return (
    <Typography>
      <div data-testid={testId} style={{ overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
