import { Button, Select, Stack, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { useDiscardGuard } from './close-guard';
import { Dock } from './dock';
import { FormModal } from './form-modal';

interface ContainerProps {
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}

const CONTAINERS: [string, (props: ContainerProps) => ReactNode][] = [
  ['a dock', (props) => <Dock {...props} title="Outing" width={350} />],
  ['a form modal', (props) => <FormModal {...props} title="Outing" />],
];

function OutingForm({ onSaved }: { onSaved: () => void }) {
  const form = useForm<{ title: string; day: string | null; kind: string | null }>({
    mode: 'controlled',
    initialValues: { title: '', day: null, kind: null },
  });
  useDiscardGuard(() => form.isDirty());
  return (
    <form noValidate aria-label="Outing form" onSubmit={form.onSubmit(onSaved)}>
      <Stack>
        <TextInput label="Title" {...form.getInputProps('title')} />
        <DateInput label="Day" valueFormat="MM/DD/YYYY" defaultDate="2026-05-01" {...form.getInputProps('day')} />
        <Select label="Kind" data={['Picnic', 'Dinner']} {...form.getInputProps('kind')} />
        <Button type="submit">Save</Button>
      </Stack>
    </form>
  );
}

/** A screen that opens the container with the form; `closed` counts the container's own closes. */
function renderOuting(Container: (props: ContainerProps) => ReactNode) {
  const closed = vi.fn();
  function Screen() {
    const [opened, setOpened] = useState(true);
    return (
      <Container
        opened={opened}
        onClose={() => {
          closed();
          setOpened(false);
        }}
      >
        <OutingForm onSaved={() => setOpened(false)} />
      </Container>
    );
  }
  renderWithApp(<Screen />);
  return closed;
}

const dialog = () => screen.findByRole('dialog', { name: 'Outing' });
const question = () => screen.queryByRole('dialog', { name: 'Discard unsaved changes?' });

describe.each(CONTAINERS)('closing %s', (_, Container) => {
  it('Escape in an open date picker closes the picker only: the form keeps what was typed', async () => {
    const closed = renderOuting(Container);
    const form = within(await dialog());
    await userEvent.type(form.getByLabelText('Title'), 'Company picnic');
    await userEvent.click(form.getByLabelText('Day'));
    expect(await screen.findByText('May 2026')).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('May 2026')).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Outing' })).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Company picnic');
    expect(question()).not.toBeInTheDocument();
    expect(closed).not.toHaveBeenCalled();
  });

  it('Escape in an open select closes the list only', async () => {
    const closed = renderOuting(Container);
    const form = within(await dialog());
    await userEvent.click(form.getByLabelText('Kind', { selector: 'input' }));
    expect(await screen.findByRole('option', { name: 'Picnic' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Picnic' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Outing' })).toBeInTheDocument();
    expect(closed).not.toHaveBeenCalled();
  });

  it('asks before closing over unsaved changes: Keep editing (focused) keeps them, Discard closes', async () => {
    const closed = renderOuting(Container);
    const form = within(await dialog());
    await userEvent.type(form.getByLabelText('Title'), 'Company picnic');

    await userEvent.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    const keep = within(ask).getByRole('button', { name: 'Keep editing' });
    await waitFor(() => expect(keep).toHaveFocus());
    await userEvent.click(keep);
    await waitFor(() => expect(question()).not.toBeInTheDocument());
    expect(screen.getByLabelText('Title')).toHaveValue('Company picnic');
    expect(closed).not.toHaveBeenCalled();

    // The close button asks too; Escape in the question answers 'Keep editing'.
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Outing' })).getByRole('button', { name: 'Close' }));
    await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(question()).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Outing' })).toBeInTheDocument();

    await userEvent.click(within(screen.getByRole('dialog', { name: 'Outing' })).getByRole('button', { name: 'Close' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Outing' })).not.toBeInTheDocument());
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it('closes at once without changes, by Escape', async () => {
    const closed = renderOuting(Container);
    await dialog();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Outing' })).not.toBeInTheDocument());
    expect(question()).not.toBeInTheDocument();
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it('closes at once without changes, by the close button', async () => {
    const closed = renderOuting(Container);
    await userEvent.click(within(await dialog()).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Outing' })).not.toBeInTheDocument());
    expect(question()).not.toBeInTheDocument();
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it('asks nothing when the form saved and closed it', async () => {
    const closed = renderOuting(Container);
    const form = within(await dialog());
    await userEvent.type(form.getByLabelText('Title'), 'Company picnic');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Outing' })).not.toBeInTheDocument());
    expect(question()).not.toBeInTheDocument();
    expect(closed).not.toHaveBeenCalled();
  });
});
