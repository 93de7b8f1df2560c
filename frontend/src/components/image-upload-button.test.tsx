import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { IMAGE_SIZE_ERROR, IMAGE_TYPE_ERROR, ImageUploadButton, imageFileProblem } from './image-upload-button';

const file = (type: string, bytes = 10) => new File([new Uint8Array(bytes)], 'picture', { type });

describe('ImageUploadButton', () => {
  it('takes PNG, JPEG, GIF and WebP images up to 5 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp']) expect(imageFileProblem(file(type))).toBeNull();
    expect(imageFileProblem(file('application/pdf'))).toBe(IMAGE_TYPE_ERROR);
    expect(imageFileProblem(file('image/svg+xml'))).toBe(IMAGE_TYPE_ERROR);
    expect(imageFileProblem(file('image/png', 5 * 1024 * 1024))).toBeNull();
    expect(imageFileProblem(file('image/png', 5 * 1024 * 1024 + 1))).toBe(IMAGE_SIZE_ERROR);
  });

  it('hands over a good pick and explains a wrong one', async () => {
    const onFile = vi.fn();
    const onProblem = vi.fn();
    renderWithApp(<ImageUploadButton label="Upload Logo" onFile={onFile} onProblem={onProblem} />);
    expect(screen.getByRole('button', { name: 'Upload Logo' })).toBeInTheDocument();
    const user = userEvent.setup({ applyAccept: false });
    const input = screen.getByLabelText('Upload Logo', { selector: 'input' });
    await user.upload(input, file('image/png'));
    expect(onFile).toHaveBeenCalledWith(expect.any(File));
    await user.upload(input, file('application/pdf'));
    expect(onProblem).toHaveBeenCalledWith(IMAGE_TYPE_ERROR);
    expect(onFile).toHaveBeenCalledTimes(1);
  });
});
