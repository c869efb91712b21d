import type { ButtonHTMLAttributes } from "react";
import { Form } from "react-router";
import type { SavedQuestionView } from "#schemas/question-library";
import { buttonClass } from "~/components/ui/button";
import { InAppLink } from "~/components/ui/in-app-link";

/** The hidden form a question's "Save to library" button submits (the builder's own form cannot hold it). */
export const saveToLibraryFormId = (questionId: string) => `library-save-${questionId}`;

/** The builder's field values of a saved question, as "Add question" starts them. */
export const libraryQuestionValues = (saved: SavedQuestionView) => ({
  label: saved.label,
  help_text: saved.help_text ?? "",
  type: saved.type,
  required: saved.required ? "on" : "",
  options: saved.options.join("\n"),
});

/** The organization's saved questions, each added to the form by its own button (with or without JavaScript). */
export function LibraryPicker({
  library,
  addButton,
}: {
  library: SavedQuestionView[];
  addButton: (saved: SavedQuestionView) => ButtonHTMLAttributes<HTMLButtonElement>;
}) {
  return (
    <details className="mt-4 rounded-md border border-slate-200 p-3" data-testid="library-picker">
      <summary className="cursor-pointer text-sm font-medium text-slate-700">Add a question from your library</summary>
      {library.length ? (
        <ul className="mt-2 space-y-2">
          {library.map((saved) => (
            <li key={saved.id} className="flex items-center justify-between gap-2 text-sm">
              <span>
                {saved.label} <span className="text-slate-600">({saved.type.replace(/_/g, " ")})</span>
              </span>
              <button className={buttonClass("secondary", "sm")} aria-label={`Add “${saved.label}”`} {...addButton(saved)}>
                Add
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600">No saved questions yet: save one from a form you have made.</p>
      )}
      <InAppLink to="/event-forms/question-library" className="mt-2 inline-block text-sm text-brand-700 underline">
        Manage the library
      </InAppLink>
    </details>
  );
}

/** One hidden form per saved question of the form, for its "Save to library" button. */
export function SaveToLibraryForms({ questionIds }: { questionIds: string[] }) {
  return (
    <>
      {questionIds.map((id) => (
        <Form key={id} method="post" id={saveToLibraryFormId(id)} hidden>
          <input type="hidden" name="intent" value="library-save" />
          <input type="hidden" name="question_id" value={id} />
        </Form>
      ))}
    </>
  );
}
