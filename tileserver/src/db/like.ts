// LIKE patterns from user text: the wildcards escaped, so that "50%" or "a_b" match themselves.

export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Text anywhere in the value (for ILIKE). */
export function likeContaining(text: string): string {
  return `%${likeEscape(text)}%`;
}
