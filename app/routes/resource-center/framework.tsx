import { parseSubmission } from "~/lib/submission.server";
import { useRef, type MouseEvent } from "react";
import { data } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { frameworkByType } from "#schemas/frameworks/index";
import { parseId } from "#schemas/ids";
import { FRAMEWORK_NOT_FOUND, NO_CANVAS_STARTUP, VERSION_NOT_FOUND, canvasSaveSchema } from "#schemas/resources";
import { API } from "#schemas/contract/index";
import printStylesheet from "~/components/resource-center/canvas-print.css?url";
import { CanvasEditor } from "~/components/resource-center/canvas-editor";
import { CanvasHistory } from "~/components/resource-center/canvas-history";
import { FrameworkPreview } from "~/components/resource-center/framework-preview";
import { buttonClass } from "~/components/ui/button";
import { TimeAgo } from "~/components/ui/time-ago";
import { apiContext } from "~/lib/contexts";
import { redirectWithToast } from "~/lib/flash.server";
import { requirePermission } from "~/lib/guards.server";
import { requestEnvContext } from "~/lib/request-env";
import type { Route } from "./+types/framework";
import { InAppLink } from "~/components/ui/in-app-link";

const VERSIONS_PER_PAGE = "10";

/** The framework named in the path; an unknown one is the 404 screen before any call is made. */
function frameworkFrom(params: { type: string }) {
  const framework = frameworkByType(params.type);
  if (!framework) throw data(FRAMEWORK_NOT_FOUND, { status: 404 });
  return framework;
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: printStylesheet, media: "print" }];

export async function loader({ params, url, context }: Route.LoaderArgs) {
  requirePermission(context, "resource center read");
  const { type } = frameworkFrom(params);
  const api = context.get(apiContext);
  const page = parseId(url.searchParams.get("page")) ?? 1;
  const [canvas, versions] = await Promise.all([
    api.request(API.showCanvas, { params: { type } }),
    api.request(API.listCanvasVersions, { params: { type }, query: { per_page: VERSIONS_PER_PAGE, page } }),
  ]);
  if (!canvas.ok) {
    // No startup to save for: the framework is still worth reading.
    if (canvas.status === 403 && canvas.body.message === NO_CANVAS_STARTUP) {
      const { framework } = await api.answer(API.showFramework, { params: { type } });
      return { framework, canvas: null, versions: null, reason: canvas.body.message };
    }
    throw data(canvas.body.message, { status: canvas.status });
  }
  if (!versions.ok) throw data(versions.body.message, { status: versions.status });
  return { framework: canvas.body.framework, canvas: canvas.body.canvas, versions: versions.body, reason: null };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  requirePermission(context, "resource center read");
  const framework = frameworkFrom(params);
  const api = context.get(apiContext);
  const env = context.get(requestEnvContext);
  const type = framework.type;
  const here = `/resource-center/frameworks/${framework.type}`;
  const form = await request.formData();
  const intent = form.get("intent");

  if (intent === "restore") {
    const version = parseId(form.get("version"));
    const result = version === undefined ? null : await api.request(API.restoreCanvasVersion, { params: { type, version } });
    return redirectWithToast(
      env,
      here,
      result?.ok
        ? { type: "success", message: result.body.message }
        : { type: "error", message: result?.body.message ?? VERSION_NOT_FOUND },
    );
  }

  const autosave = intent === "autosave" ? ("autosave" as const) : ("save" as const);
  // What was typed, to show again if the save is refused (nothing a founder wrote is lost).
  const boxes = Object.fromEntries(framework.boxes.map((box) => [box.id, String(form.get(`boxes.${box.id}`) ?? "")]));
  const submission = parseSubmission(form, { schema: canvasSaveSchema(framework) });
  if (submission.status !== "success") {
    const errors = Object.fromEntries(
      Object.entries(submission.error ?? {}).filter((entry): entry is [string, string[]] => Boolean(entry[1]?.length)),
    );
    return data(
      { intent: autosave, ok: false as const, message: Object.values(errors)[0]?.[0] ?? "The canvas could not be saved.", errors, boxes },
      { status: 422 },
    );
  }
  // base_version (the version the text was edited from) lets the API refuse (409) a save that would undo a newer one.
  // An autosave may fold into the newest version; the Save button's save is kept as a version of its own.
  const result = await api.request(API.saveCanvas, { params: { type }, body: { ...submission.value, autosave: autosave === "autosave" } });
  if (!result.ok)
    return data(
      { intent: autosave, ok: false as const, message: result.body.message, errors: result.body.errors, boxes },
      { status: result.status },
    );
  if (autosave === "autosave")
    return { intent: autosave, ok: true as const, message: result.body.message, version: result.body.canvas.version };
  return redirectWithToast(env, here, { type: "success", message: result.body.message });
}

export default function FrameworkPage({ loaderData, actionData }: Route.ComponentProps) {
  const { framework, canvas, versions, reason } = loaderData;
  const refused = actionData && !actionData.ok && actionData.intent === "save" ? actionData : undefined;
  // The editor's "save now": the download and a restore wait for the last typing to be saved first.
  const flushRef = useRef<(() => Promise<boolean>) | null>(null);
  return (
    <div className="mx-auto max-w-7xl">
      <InAppLink to="/resource-center/frameworks" className="text-sm text-brand-700 hover:underline print:hidden">
        ← Frameworks
      </InAppLink>
      <div className="mt-2 mb-4 flex flex-wrap items-start justify-between gap-4 print:mb-1">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 print:text-base">
            {framework.name}
            {canvas ? <span className="font-normal text-slate-600">: {canvas.startup.name}</span> : null}
          </h1>
          {canvas ? (
            <p className="text-sm text-slate-600 print:text-[8pt]" data-testid="canvas-version">
              {canvas.version ? (
                <>
                  Version {canvas.version}, saved <TimeAgo iso={canvas.updated_at!} />
                  {canvas.updated_by ? ` by ${canvas.updated_by.name}` : ""}
                </>
              ) : (
                "Not saved yet"
              )}
            </p>
          ) : null}
          <p className="mt-2 max-w-3xl text-slate-600 print:hidden">
            {framework.summary} <span className="font-medium text-slate-700">When to use it:</span> {framework.when_to_use}
          </p>
        </div>
        {canvas ? (
          <div className="flex gap-2 print:hidden">
            <a
              href={`/resource-center/frameworks/${framework.type}/export`}
              download
              className={buttonClass("secondary")}
              onClick={(event) => exportAfterSave(event, flushRef.current)}
            >
              Export Markdown
            </a>
            <PrintButton />
          </div>
        ) : null}
      </div>
      {canvas && versions ? (
        <>
          {/* Not keyed by version: a reload of the data must never reset what is being typed. */}
          <CanvasEditor
            framework={framework}
            canvas={canvas}
            saveErrors={refused?.errors}
            saveMessage={refused?.message}
            submittedBoxes={refused?.boxes}
            flushRef={flushRef}
          />
          <section aria-labelledby="history-heading" className="mt-10 print:hidden">
            <h2 id="history-heading" className="mb-3 text-lg font-semibold text-slate-900">
              History
            </h2>
            <CanvasHistory framework={framework} versions={versions} currentVersion={canvas.version} flushRef={flushRef} />
          </section>
        </>
      ) : (
        <FrameworkPreview framework={framework} reason={reason} />
      )}
    </div>
  );
}

/** The export reads the saved canvas, so unsaved typing is saved first; a refused save keeps the page to show why. */
function exportAfterSave(event: MouseEvent<HTMLAnchorElement>, flush: (() => Promise<boolean>) | null) {
  const link = event.currentTarget;
  if (!flush || link.dataset.saved) {
    delete link.dataset.saved;
    return;
  }
  event.preventDefault();
  void flush().then((ok) => {
    if (!ok) return;
    link.dataset.saved = "1";
    link.click();
  });
}

/** Printing needs the browser's print dialog, so the button appears only once scripts run (Ctrl+P always works). */
function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button type="button" className={buttonClass("secondary")} onClick={() => window.print()}>
      Print
    </button>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.framework.name ?? "Framework"} · Resource center · Launchpad` }];
