import { use, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { searchEmoji } from "./emoji-search";
import type { EmojiData } from "./emoji-types";
import { emojiImageUrl } from "./emoji-images";

/**
 * The emoji picker's panel. This module is loaded only when the picker first opens (React.lazy in the
 * composer), and its data (/emoji.json, served by the app from emojibase-data) with it, once per tab.
 */
let data: Promise<EmojiData> | undefined;
const loadEmoji = () =>
  (data ??= fetch("/emoji.json").then((response) => {
    if (!response.ok) throw new Error("The emoji could not be loaded.");
    return response.json() as Promise<EmojiData>;
  }));

/** Emoji per row of the grid: arrow keys move by one, up and down by a row. */
const COLUMNS = 8;
const MAX_RESULTS = 160;

export default function EmojiPicker({ onPick, onClose }: { onPick: (emoji: string) => void; onClose: () => void }) {
  const { groups } = use(loadEmoji());
  const [query, setQuery] = useState("");
  const [groupIndex, setGroupIndex] = useState(0);
  const [active, setActive] = useState(0);
  const grid = useRef<HTMLDivElement>(null);

  const shown = useMemo(() => {
    const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
    if (!words.length) return groups[groupIndex]?.emojis ?? [];
    return searchEmoji(groups, words, MAX_RESULTS);
  }, [groups, groupIndex, query]);
  const current = Math.min(active, Math.max(shown.length - 1, 0));

  const focusCell = (index: number) => {
    const next = Math.max(0, Math.min(shown.length - 1, index));
    setActive(next);
    grid.current?.querySelectorAll<HTMLButtonElement>("button")[next]?.focus();
  };
  const onGridKey = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: COLUMNS, ArrowUp: -COLUMNS };
    if (event.key in moves) {
      event.preventDefault();
      focusCell(current + moves[event.key]);
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      focusCell(event.key === "Home" ? 0 : shown.length - 1);
    }
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    event.stopPropagation();
    onClose();
  };

  return (
    <div
      role="dialog"
      aria-label="Emoji picker"
      className="w-80 rounded-lg border border-slate-200 bg-white p-2 shadow-lg"
      onKeyDown={onKey}
    >
      <label className="block">
        <span className="sr-only">Search emoji</span>
        <input
          type="search"
          autoFocus
          value={query}
          placeholder="Search emoji"
          className="w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={(event) => {
            if (event.key === "ArrowDown" && shown.length) {
              event.preventDefault();
              focusCell(current);
            }
          }}
        />
      </label>
      {query.trim() ? null : (
        <div role="group" aria-label="Emoji groups" className="mt-2 flex flex-wrap gap-1">
          {groups.map((group, index) => (
            <button
              key={group.name}
              type="button"
              aria-pressed={index === groupIndex}
              title={group.name}
              aria-label={group.name}
              onClick={() => {
                setGroupIndex(index);
                setActive(0);
              }}
              className={`rounded px-1.5 py-0.5 text-lg ${index === groupIndex ? "bg-brand-100" : "hover:bg-slate-100"}`}
            >
              {group.emojis[0] ? <EmojiPicture emoji={group.emojis[0][0]} size="size-5" /> : null}
            </button>
          ))}
        </div>
      )}
      <p className="mt-2 text-xs font-medium text-slate-600" aria-live="polite">
        {query.trim()
          ? shown.length
            ? `${shown.length}${shown.length === MAX_RESULTS ? "+" : ""} found`
            : "No emoji found"
          : groups[groupIndex]?.name}
      </p>
      <div ref={grid} className="mt-1 grid max-h-56 grid-cols-8 gap-0.5 overflow-y-auto" onKeyDown={onGridKey}>
        {shown.map(([emoji, label], index) => (
          <button
            key={emoji}
            type="button"
            tabIndex={index === current ? 0 : -1}
            aria-label={label}
            title={label}
            onClick={() => onPick(emoji)}
            onFocus={() => setActive(index)}
            className="rounded p-1 leading-none hover:bg-slate-100 focus:bg-brand-100"
          >
            <EmojiPicture emoji={emoji} size="size-6" />
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * An emoji as its picture, whatever fonts the system has; the character stays as the alternative text.
 * Loaded as it scrolls into sight: a group has hundreds.
 */
function EmojiPicture({ emoji, size }: { emoji: string; size: string }) {
  return <img src={emojiImageUrl(emoji)} alt={emoji} loading="lazy" decoding="async" draggable={false} className={`${size} block`} />;
}
