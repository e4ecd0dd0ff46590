// The limits of saved part lists, checked the same way by the server's service and the web's save
// dialog. Kept apart from saved-lists.ts (the schemas) so the web imports them without zod
// (decision 031).

/** Longest list name (characters, after trimming). */
export const MAX_SAVED_LIST_NAME = 60;
/** Lists one company may keep. */
export const MAX_SAVED_LISTS = 200;
/** Lines one list may hold. */
export const MAX_SAVED_LIST_LINES = 1000;

/** What is wrong with a list name as typed; null = fine. */
export function savedListNameProblem(value: string): 'required' | 'too_long' | null {
  const trimmed = value.trim();
  if (trimmed === '') return 'required';
  return [...trimmed].length > MAX_SAVED_LIST_NAME ? 'too_long' : null;
}
