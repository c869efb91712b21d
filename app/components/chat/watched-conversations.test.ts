import { describe, expect, it } from "vitest";
import { WATCHED_CONVERSATIONS } from "#schemas/realtime";
import { movedFirst, watchedConversations } from "./watched-conversations";

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe("the conversations a tab watches", () => {
  it("are the most recent ones, at most WATCHED_CONVERSATIONS, however many the user has", () => {
    expect(watchedConversations([], [3, 2, 1])).toEqual([3, 2, 1]);
    const watched = watchedConversations(range(1_000, 80), range(1, 300));
    expect(watched).toHaveLength(WATCHED_CONVERSATIONS);
    expect(watched).toEqual(range(1_000, WATCHED_CONVERSATIONS));
  });

  it("put a conversation that moves live first, once, dropping the oldest past the bound", () => {
    const recent = range(1, WATCHED_CONVERSATIONS);
    let moved: readonly number[] = [];
    moved = movedFirst(moved, 500);
    moved = movedFirst(moved, 7);
    expect(watchedConversations(moved, recent).slice(0, 3)).toEqual([7, 500, 1]);
    expect(watchedConversations(moved, recent)).not.toContain(WATCHED_CONVERSATIONS);
    expect(watchedConversations(moved, recent)).toHaveLength(WATCHED_CONVERSATIONS);
    expect(movedFirst(moved, 7)).toBe(moved);
    expect(movedFirst(moved, 500)).toEqual([500, 7]);
    let many: readonly number[] = [];
    for (const id of range(1, 200)) many = movedFirst(many, id);
    expect(many).toHaveLength(WATCHED_CONVERSATIONS);
    expect(many[0]).toBe(200);
  });
});
