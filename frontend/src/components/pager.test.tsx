import { describe, expect, it } from 'vitest';
import { pageWindow } from './pager';

describe('pageWindow (spec 000 §9)', () => {
  it('starts 4 before the current page and shows up to 10', () => {
    expect(pageWindow(1, 30)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageWindow(7, 30)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(pageWindow(28, 30)).toEqual([24, 25, 26, 27, 28, 29, 30]);
    expect(pageWindow(3, 4)).toEqual([1, 2, 3, 4]);
  });

  it('keeps the current page inside the list', () => {
    expect(pageWindow(99, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(0, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});
