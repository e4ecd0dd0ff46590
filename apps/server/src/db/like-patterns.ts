/** `%`, `_` and `\` typed by a user match themselves in a LIKE pattern (PostgreSQL's default escape). */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** LIKE pattern: the text anywhere. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
/** LIKE pattern: values that start with the text. */
export const startsWithPattern = (text: string) => `${escapeLike(text)}%`;
