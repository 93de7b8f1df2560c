import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom lacks these; Mantine uses them.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
// Textarea's autosize listens for web fonts loading.
if (!('fonts' in document) || !document.fonts) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}
window.HTMLElement.prototype.scrollIntoView ??= function scrollIntoView() {};
// ProseMirror (the rich-text editor of HR events) measures text and asks what is under a point.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
const emptyRect = () => new DOMRect(0, 0, 0, 0);
window.Range.prototype.getClientRects ??= noRects;
window.Range.prototype.getBoundingClientRect ??= emptyRect;
document.elementFromPoint ??= () => null;
window.scrollTo = () => {};

// findBy… and waitFor wait up to 45 s: see testTimeout in vite.config.ts.
configure({ asyncUtilTimeout: 45_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
