import { createTheme, type CSSVariablesResolver } from '@mantine/core';
import { POPUP_ATTRIBUTE } from '@/components/dialog-escape';

const CALENDAR_ARIA_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
};

/**
 * Mantine theme. The primary shade is 8 so that white text on buttons and blue links on white
 * meet WCAG AA contrast (shade 6, Mantine's default, does not).
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 6 },
  // Mantine's green with shade 9 a little darker: white text on it (the filled 'Approved',
  // 'Clocked in' and 'Active' badges) is 4.7:1 instead of 4.4:1.
  colors: {
    green: ['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66', '#40c057', '#37b24d', '#2f9e44', '#29843c'],
  },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  // 48em = 768px: at 767px and below the side bar gives way to the page content (spec 000 §2).
  breakpoints: { xs: '30em', sm: '48em', md: '64em', lg: '74em', xl: '90em' },
  cursorType: 'pointer',
  // The ring shows for the keyboard, not the mouse; global.css gives inputs the same ring.
  focusRing: 'auto',
  // People who ask their system for less motion get docks and modals without animation.
  respectReducedMotion: true,
  components: {
    // A status badge shows its whole word ('CANCELED', not 'CANCE…'): it never shrinks in a row.
    Badge: { styles: { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible', textOverflow: 'clip' } } },
    // A notice's close button is an icon: it needs a name for screen readers (axe: button-name).
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // A spinner is named for what loads ('Loading the editor'): a name needs a role to be
    // allowed on a span (axe: aria-prohibited-attr), and 'status' is what it is.
    Loader: { defaultProps: { role: 'status' } },
    // A table wider than its screen scrolls sideways: the keyboard must reach it too (axe:
    // scrollable-region-focusable; a dialog on a phone was caught scrollable mid-layout).
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    // Every open popup (date picker, select, menu) says so: Escape then closes it, not the dock or
    // modal it opened from (components/dialog-escape.ts).
    PopoverDropdown: { defaultProps: { [POPUP_ATTRIBUTE]: true } },
    // A calendar's arrows are icons: they need names (axe: button-name). A date field hides the
    // days of the months around, which Mantine fades to 50% (axe: color-contrast); weekends are
    // red 9 in global.css.
    DateInput: { defaultProps: { ariaLabels: CALENDAR_ARIA_LABELS, hideOutsideDates: true } },
    DatePickerInput: { defaultProps: { ariaLabels: CALENDAR_ARIA_LABELS } },
  },
});

/** Dimmed text in gray 7 and error text in red 9 keep a 4.5:1 contrast on white. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Error text in red 9 (5.4:1 on white); red 6 is 3.3:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    // Light variants (the active menu entry, light buttons) write blue 9 on their background:
    // Mantine's blue 1 / hover blue 2 give 4.9:1 / 4.0:1; blue 0 / hover blue 1 give 5.5:1 / 4.9:1.
    '--mantine-color-blue-light': 'var(--mantine-color-blue-0)',
    '--mantine-color-blue-light-hover': 'var(--mantine-color-blue-1)',
  },
  dark: {},
});

/** The phone breakpoint of spec 000 §9 for code that needs it in JavaScript (features use lib/media). */
export { MOBILE_MEDIA_QUERY } from '@/lib/media';
