/**
 * Query keys of one's own profile. A change of the profile or the avatar replaces `mine` and
 * refreshes what shows the person elsewhere (`others`, named here by their keys only).
 */
export const profileKeys = {
  mine: ['profile', 'mine'] as const,
};

/** Keys of other screens a profile write refreshes, named here by their keys only. */
export const otherKeys = {
  /** GET /auth/login-data of every session: the shell's name and avatar. */
  loginData: ['auth', 'login-data'] as const,
  /** The team screen. */
  team: ['team'] as const,
};
