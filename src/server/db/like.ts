/** `%` and `_` typed by a user are literal characters in a LIKE pattern, not wildcards. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)
