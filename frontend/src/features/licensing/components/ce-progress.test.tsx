import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { requirement } from '../testing/licensing-server';
import { CeProgress, requirementBars } from './ce-progress';
import { progressPercent, progressText, topicLabel } from './labels';

describe('CE progress', () => {
  it("says each bar's hours as 'Total 12 of 24 h', with decimals only where there are some", () => {
    expect(progressText('Total', { done: 12, required: 24 })).toBe('Total 12 of 24 h');
    expect(progressText('Ethics', { done: 1.5, required: 3 })).toBe('Ethics 1.5 of 3 h');
    expect(progressText('Flood', { done: 0.25, required: 3 })).toBe('Flood 0.25 of 3 h');
    expect(topicLabel('long_term_care')).toBe('Long term care');
  });

  it('fills a bar to at most 100, and a requirement of no hours is full', () => {
    expect(progressPercent({ done: 12, required: 24 })).toBe(50);
    expect(progressPercent({ done: 30, required: 24 })).toBe(100);
    expect(progressPercent({ done: 0, required: 0 })).toBe(100);
    expect(progressPercent({ done: 1, required: 3 })).toBe(33.3);
  });

  it('has a bar for the total, the ethics hours when the state asks for some, and one per topic', () => {
    const flood = requirement({
      hoursEthics: 0,
      progress: { total: { done: 12, required: 24 }, ethics: { done: 0, required: 0 }, topics: [{ topic: 'flood', done: 1, required: 3 }] },
    });
    expect(requirementBars(flood).map((bar) => progressText(bar.label, bar.progress))).toEqual(['Total 12 of 24 h', 'Flood 1 of 3 h']);
    const withEthics = requirement({ progress: { total: { done: 12, required: 24 }, ethics: { done: 1, required: 3 }, topics: [] } });
    expect(requirementBars(withEthics).map((bar) => bar.label)).toEqual(['Total', 'Ethics']);
  });

  it('draws the bars with their words as their names, the due day, and the hours carried over', () => {
    renderWithApp(
      <CeProgress
        requirement={requirement({
          carriedInHours: 2,
          progress: { total: { done: 12, required: 24 }, ethics: { done: 1, required: 3 }, topics: [{ topic: 'flood', done: 3, required: 3 }] },
        })}
      />,
    );
    expect(screen.getAllByTestId('ce-progress-text').map((text) => text.textContent)).toEqual(['Total 12 of 24 h', 'Ethics 1 of 3 h', 'Flood 3 of 3 h']);
    const [total] = screen.getAllByTestId('ce-progress');
    expect(within(total!).getByRole('progressbar', { name: 'Total 12 of 24 h' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText('CE due 05/31/2027')).toBeInTheDocument();
    expect(screen.getByText('Includes 2 h carried over from the previous cycle.')).toBeInTheDocument();
  });
});
