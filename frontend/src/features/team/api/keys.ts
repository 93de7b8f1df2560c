/** Query keys of the team screen; a change of one's own profile or avatar invalidates `all`. */
export const teamKeys = {
  all: ['team'] as const,
  mine: ['team', 'mine'] as const,
};
