/**
 * Styles of the dashboard, inbox, company profile, My Team and My Profile screens beyond the
 * shell's; loaded with their chunks, never by the public pages.
 */
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Progress.css';
