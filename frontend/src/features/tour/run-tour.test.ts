import { afterEach, describe, expect, it, vi } from 'vitest';
import { isUnobstructed } from './run-tour';

const box = (left: number, top: number, width: number, height: number) =>
  ({ left, top, width, height, right: left + width, bottom: top + height, x: left, y: top, toJSON: () => ({}) }) as DOMRect;

function placed(element: Element, rect: DOMRect) {
  vi.spyOn(element, 'getBoundingClientRect').mockReturnValue(rect);
  return element;
}

describe('a tour step points only at what can be seen', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    // jsdom has no elementsFromPoint: the tests give it one.
    delete (document as { elementsFromPoint?: unknown }).elementsFromPoint;
  });

  const withHits = (hits: (x: number, y: number) => Element[]) => {
    (document as { elementsFromPoint?: unknown }).elementsFromPoint = hits;
  };

  it('accepts a target whose centre shows the target or something inside it', () => {
    const target = placed(document.createElement('a'), box(10, 10, 200, 40));
    const label = document.createElement('span');
    target.append(label);
    document.body.append(target);
    withHits(() => [label, target, document.body]);
    expect(isUnobstructed(target)).toBe(true);
  });

  it('refuses a target covered by a drawer or its shade, but not by the tour’s own layers', () => {
    const target = placed(document.createElement('a'), box(10, 10, 200, 40));
    const shade = document.createElement('div');
    const tourShade = document.createElement('div');
    tourShade.className = 'driver-overlay';
    document.body.append(target, shade, tourShade);
    withHits(() => [shade, target]);
    expect(isUnobstructed(target)).toBe(false);
    withHits(() => [tourShade, target]);
    expect(isUnobstructed(target)).toBe(true);
  });

  it('refuses a target with no size or outside the window', () => {
    const hidden = placed(document.createElement('a'), box(0, 0, 0, 0));
    const below = placed(document.createElement('a'), box(10, window.innerHeight + 50, 100, 40));
    document.body.append(hidden, below);
    withHits(() => [hidden, below]);
    expect(isUnobstructed(hidden)).toBe(false);
    expect(isUnobstructed(below)).toBe(false);
  });
});
