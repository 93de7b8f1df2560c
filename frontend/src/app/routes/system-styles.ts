/** Styles of the system screens beyond the shell's; loaded with their chunks, never by the public pages. */
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Drawer.css';
