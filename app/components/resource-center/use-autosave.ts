import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { useBeforeUnload, useBlocker, useFetcher } from "react-router";

/** What the canvas page's action answers an autosave (never a redirect). */
export type AutosaveAnswer =
  | { intent: "autosave"; ok: true; message: string; version: number }
  | { intent: "autosave"; ok: false; message: string; errors?: Record<string, string[]> };

export type AutosaveStatus = "idle" | "unsaved" | "saving" | "saved" | "error";

/** Quiet time after the last keystroke before the canvas saves itself. */
export const AUTOSAVE_DELAY_MS = 1200;

/**
 * Saves the form through the page's own action (intent "autosave") a moment after typing stops. Only one
 * save is on its way at a time, so an older text can never land after a newer one; changes made while
 * one is saving go out when it is done. Each save names the version its text was based on (base_version),
 * so the API refuses it (409) if a restore or another tab saved in between, instead of undoing that.
 * Pending changes are flushed before an in-app navigation, and leaving the page with them asks first.
 */
export function useAutosave(formRef: RefObject<HTMLFormElement | null>, initialBase: number, delayMs = AUTOSAVE_DELAY_MS) {
  const fetcher = useFetcher<AutosaveAnswer>();
  const [dirty, setDirty] = useState(false);
  const [base, setBase] = useState(initialBase);
  // Bumped when a save's request has finished, so the effect below looks again.
  const [finished, setFinished] = useState(0);
  const timer = useRef<number | undefined>(undefined);
  const latest = useRef({
    fetcher,
    busy: false,
    sending: false,
    dirty: false,
    base: initialBase,
    seen: undefined as AutosaveAnswer | undefined,
  });
  const waiters = useRef<((ok: boolean) => void)[]>([]);
  useEffect(() => {
    const state = latest.current;
    const answer = fetcher.data;
    state.fetcher = fetcher;
    // The router reports "submitting" in a transition that can render after this effect has run, so a
    // save counts as on its way from the moment it is sent until its request has finished.
    state.busy = state.sending || fetcher.state !== "idle";
    if (!state.busy && answer && answer !== state.seen) {
      state.seen = answer;
      if (answer.ok) {
        state.base = answer.version;
        setBase(answer.version);
      }
    }
    if (!state.busy && !state.dirty && waiters.current.length) {
      const ok = answer?.ok !== false;
      for (const resolve of waiters.current.splice(0)) resolve(ok);
    }
  }, [fetcher, dirty, finished]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const markDirty = useCallback((value: boolean) => {
    latest.current.dirty = value;
    setDirty(value);
  }, []);

  const send = useCallback(() => {
    window.clearTimeout(timer.current);
    const form = formRef.current;
    if (!form || !latest.current.dirty) return;
    if (latest.current.busy) {
      timer.current = window.setTimeout(send, 250);
      return;
    }
    const data = new FormData(form);
    data.set("intent", "autosave");
    data.set("base_version", String(latest.current.base));
    latest.current.sending = latest.current.busy = true;
    void latest.current.fetcher.submit(data, { method: "post" }).finally(() => {
      latest.current.sending = false;
      setFinished((count) => count + 1);
    });
    markDirty(false);
  }, [formRef, markDirty]);

  /** Call after every change: (re)starts the quiet-time timer. */
  const changed = useCallback(() => {
    markDirty(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(send, delayMs);
  }, [send, delayMs, markDirty]);

  /** Call when the form is submitted by hand: that save covers the pending changes. */
  const submitted = useCallback(() => {
    window.clearTimeout(timer.current);
    markDirty(false);
  }, [markDirty]);

  /** Saves pending changes now; resolves once nothing is waiting or on its way (false: the save was refused). */
  const flush = useCallback(() => {
    const state = latest.current;
    if (!state.dirty && !state.busy) return Promise.resolve(state.seen?.ok !== false);
    const settled = new Promise<boolean>((resolve) => waiters.current.push(resolve));
    send();
    return settled;
  }, [send]);

  /** True while a change is not yet saved (waiting or on its way). */
  const pending = useCallback(() => latest.current.dirty || latest.current.busy, []);
  /** The version the next save builds on, as of now (the state `base` lags a render behind). */
  const baseNow = useCallback(() => latest.current.base, []);

  /** The editor took a version from the server (a restore, a save elsewhere): later saves build on it. */
  const rebase = useCallback(
    (version: number) => {
      window.clearTimeout(timer.current);
      markDirty(false);
      latest.current.base = version;
      setBase(version);
    },
    [markDirty],
  );

  // A link inside the app waits for the pending save; if that save is refused, the page stays to show why.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && pending());
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    void flush().then((ok) => (ok ? blocker.proceed() : blocker.reset()));
  }, [blocker, flush]);
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (!pending()) return;
        send();
        event.preventDefault();
        // Older browsers show the prompt only when returnValue is set.
        event.returnValue = "";
      },
      [pending, send],
    ),
  );

  const answer = fetcher.data;
  const status: AutosaveStatus =
    fetcher.state !== "idle" ? "saving" : dirty ? "unsaved" : answer === undefined ? "idle" : answer.ok ? "saved" : "error";
  return { status, answer, base, baseNow, changed, submitted, flush, pending, rebase };
}
