/** Styles the HR-folder and settings screens need beyond the shell's; loaded with their chunks. */
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Timeline.css';
