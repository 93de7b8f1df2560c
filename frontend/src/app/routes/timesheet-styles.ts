/** Styles the timesheet screen needs beyond the shell's; loaded with its chunk. */
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Radio.css';
