/**
 * The tour library, loaded only when someone starts the tour (its own chunk).
 *
 * driver.js (1.8), chosen over @reactour/tour (3.8): it has no React peer dependency at all, so
 * React 19 and Mantine's portals are no concern, and no runtime dependencies (about 5 kB
 * gzipped); it is actively released; its popover is an accessible dialog (labelled, focus kept
 * inside, Escape closes, arrow keys step). The tour's flow — the menu opened first, the 1-second
 * delays, a missing target ending it — stays in our code (run-tour.ts), and the popover takes
 * Mantine's look from its CSS variables (tour.css). reactour renders React content in its
 * popover, but its last release is older and its popover is not announced as a dialog.
 */
import 'driver.js/dist/driver.css';
import './tour.css';

export { driver } from 'driver.js';
export type { Driver, DriveStep } from 'driver.js';
