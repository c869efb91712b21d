import type { FormEvent, RefObject } from "react";
import { Form, useSubmit } from "react-router";
import type { CanvasVersionView, FrameworkView } from "#schemas/resources";
import { buttonClass } from "~/components/ui/button";
import { Badge, EmptyState } from "~/components/ui/layout";
import { Pagination } from "~/components/ui/pagination";
import { TimeAgo } from "~/components/ui/time-ago";
import type { Page } from "#schemas/answers";

/**
 * The canvas's saved versions, newest first. Restoring one saves its text as a new version, so a restore
 * can itself be undone. Typing saves itself into one version every few minutes, and the oldest versions
 * go past a limit (autosaved ones first). Plain forms: no JavaScript needed.
 */
export function CanvasHistory({
  framework,
  versions,
  currentVersion,
  flushRef,
}: {
  framework: Pick<FrameworkView, "boxes">;
  versions: Page<CanvasVersionView>;
  currentVersion: number;
  /** The editor's "save now": typing still waiting is saved (as its own version) before the restore, never after it. */
  flushRef?: RefObject<(() => Promise<boolean>) | null>;
}) {
  const submit = useSubmit();
  const restore = (event: FormEvent<HTMLFormElement>) => {
    const flush = flushRef?.current;
    if (!flush) return;
    event.preventDefault();
    const form = event.currentTarget;
    void flush().then(() => submit(form));
  };
  if (versions.meta.total === 0)
    return <EmptyState title="No saved versions yet">Saves of the canvas are kept here, and any of them can be restored.</EmptyState>;
  return (
    <>
      <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-label="Saved versions">
        {versions.data.map((version) => {
          const filled = framework.boxes.filter((box) => version.boxes[box.id]);
          return (
            <li key={version.version} className="p-4">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div>
                  <p className="font-medium text-slate-900">
                    Version {version.version} {version.version === currentVersion ? <Badge tone="green">Current</Badge> : null}
                  </p>
                  <p className="text-sm text-slate-600">
                    {version.kept ? "Saved" : "Autosaved"} <TimeAgo iso={version.updated_at} />
                    {version.saved_by ? ` by ${version.saved_by.name}` : ""} · {filled.length} of {framework.boxes.length} boxes filled
                  </p>
                </div>
                {version.version === currentVersion ? null : (
                  <Form method="post" onSubmit={restore}>
                    <input type="hidden" name="intent" value="restore" />
                    <input type="hidden" name="version" value={version.version} />
                    <button type="submit" className={buttonClass("secondary", "sm")}>
                      Restore version {version.version}
                    </button>
                  </Form>
                )}
              </div>
              {filled.length ? (
                <details className="mt-2 text-sm">
                  <summary className="cursor-pointer text-brand-700">Show the text of version {version.version}</summary>
                  <dl className="mt-2 space-y-2">
                    {filled.map((box) => (
                      <div key={box.id}>
                        <dt className="font-medium text-slate-800">{box.title}</dt>
                        <dd className="whitespace-pre-line text-slate-600">{version.boxes[box.id]}</dd>
                      </div>
                    ))}
                  </dl>
                </details>
              ) : null}
            </li>
          );
        })}
      </ol>
      <Pagination meta={versions.meta} />
    </>
  );
}
