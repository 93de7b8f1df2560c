import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { RichTextView } from './rich-text-view';

describe('RichTextView', () => {
  it("shows the server's rich text as markup: paragraphs, emphasis and links", () => {
    renderWithApp(<RichTextView html={'<p>Hello <strong>team</strong></p><p><a href="https://example.com">Handbook</a></p>'} />);
    const view = screen.getByTestId('rich-text');
    expect(view.querySelectorAll('p')).toHaveLength(2);
    expect(view.querySelector('strong')).toHaveTextContent('team');
    expect(screen.getByRole('link', { name: 'Handbook' })).toHaveAttribute('href', 'https://example.com');
  });

  it('renders nothing for empty text', () => {
    renderWithApp(<RichTextView html="   " />);
    expect(screen.queryByTestId('rich-text')).toBeNull();
  });
});
