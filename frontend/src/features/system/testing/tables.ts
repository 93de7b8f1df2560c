/** Tests only: a table's body rows as the texts of their cells (nested tables left out). */
import { within } from '@testing-library/react';

export const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .filter((row) => row.parentElement?.tagName === 'TBODY' && row.closest('table') === table)
    .map((row) => Array.from(row.querySelectorAll(':scope > th, :scope > td'), (cell) => cell.textContent));

/** The column headers' texts, without the sort arrows. */
export const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .filter((cell) => cell.closest('table') === table)
    .map((cell) => cell.textContent?.replace(/[▲▼↕]/g, ''));
