import { Avatar } from '@mantine/core';
import { useFileUrl } from '@/lib/files';

export interface PersonAvatarProps {
  /** The person's avatar URL (`/server/v1/files/{id}`) or null. */
  url: string | null | undefined;
  firstname: string;
  lastname: string;
  size?: number;
}

/** The initials shown when a person has no picture (or it cannot be loaded). */
export function initialsOf(firstname: string, lastname: string): string {
  return `${firstname.trim().charAt(0)}${lastname.trim().charAt(0)}`.toUpperCase() || '?';
}

/**
 * A person's round picture. The protected file is fetched with the bearer token (lib/files); while
 * it loads, when there is none or when it cannot be shown, the initials stand in.
 */
export function PersonAvatar({ url, firstname, lastname, size = 36 }: PersonAvatarProps) {
  const { src } = useFileUrl(url);
  const name = `${firstname} ${lastname}`.trim();
  return (
    <Avatar src={src} alt={name} size={size} radius="xl" color="blue" data-testid="person-avatar">
      {initialsOf(firstname, lastname)}
    </Avatar>
  );
}
