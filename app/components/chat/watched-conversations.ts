import { WATCHED_CONVERSATIONS } from "#schemas/realtime";

/**
 * The conversations whose presence channels a tab joins: those that moved live, the latest first, then the
 * page's list of the most recent ones, each once and at most WATCHED_CONVERSATIONS in all, however many
 * conversations the user has.
 */
export const watchedConversations = (moved: readonly number[], recent: readonly number[]): number[] =>
  [...new Set([...moved, ...recent])].slice(0, WATCHED_CONVERSATIONS);

/** The conversations that moved live, with `id` put first. */
export const movedFirst = (moved: readonly number[], id: number): readonly number[] =>
  moved[0] === id ? moved : [id, ...moved.filter((other) => other !== id)].slice(0, WATCHED_CONVERSATIONS);
