import type { FrameworkView } from "#schemas/resources";
import { GRID_CLASS, gridStyle } from "./canvas-editor";
import type { CSSProperties } from "react";

/** The framework to read (each box's question and an example) for someone with no canvas to fill in. */
export function FrameworkPreview({ framework, reason }: { framework: FrameworkView; reason: string | null }) {
  return (
    <>
      {reason ? (
        <p className="mb-4 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" role="note">
          {reason}
        </p>
      ) : null}
      <div className={GRID_CLASS} style={gridStyle(framework)}>
        {framework.boxes.map((box) => (
          <section
            key={box.id}
            className="rounded-lg border border-slate-300 bg-white p-3 md:[grid-area:var(--area)]"
            style={{ "--area": box.id } as CSSProperties}
            aria-labelledby={`preview-${box.id}`}
          >
            <h2 id={`preview-${box.id}`} className="font-semibold text-slate-900">
              {box.title}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{box.hint}</p>
            <p className="mt-2 text-xs font-medium uppercase tracking-wide text-slate-600">Example</p>
            <p className="whitespace-pre-line text-sm text-slate-700">{box.example}</p>
          </section>
        ))}
      </div>
    </>
  );
}
