/**
 * The id of the clock's main button (Clock In, Clock Out, End Break, Start a New Shift): the shell's
 * 'Skip to the clock' link moves the keyboard there. Its own module, so the shell does not load the
 * clock screen's code to know it.
 */
export const CLOCK_BUTTON_ID = 'clock-button';
