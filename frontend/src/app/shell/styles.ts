/** Styles only the signed-in shell needs; loaded with its chunk, never by the public pages. */
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
// The task dock ('Response Required') is a Drawer on every signed-in screen.
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Notification.css';
// Radio and Checkbox lay their label out beside the control with InlineInput's styles: without
// them the label falls to the line below.
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
