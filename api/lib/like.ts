/** Makes text match itself in a LIKE pattern: its `%`, `_` and `\` are no longer wildcards. */
export function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** The LIKE pattern for "contains this text", as every list's search uses it. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
