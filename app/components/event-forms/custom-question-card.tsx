import { getInputProps, getTextareaProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { CHOICE_TYPES, QUESTION_TYPES, type CustomQuestionInput, type QuestionType } from "#schemas/events";
import { RULE_SOURCE_TYPES } from "#schemas/question-rules";
import { buttonClass } from "~/components/ui/button";
import { FieldErrors, inputClass } from "~/components/ui/field";
import { ChoiceField, InputField } from "~/components/ui/form-fields";
import type { RuleSource } from "./builder-values";

/** One custom question in the builder: what it asks, how it is answered, and when it is asked. */
export function CustomQuestionCard({
  form,
  question,
  index,
  count,
  type,
  earlier,
  hydrated,
  saveToLibraryForm,
}: {
  form: FormMetadata<Record<string, unknown>, string[]>;
  question: FieldMetadata<CustomQuestionInput, Record<string, unknown>, string[]>;
  index: number;
  count: number;
  type: QuestionType;
  /** The questions above this one, as the "Show only when" picker offers them. */
  earlier: RuleSource[];
  hydrated: boolean;
  /** The form that saves this question, as last saved, to the library (edit only; a new question has none). */
  saveToLibraryForm: string | null;
}) {
  const q = question.getFieldset();
  const rule = q.show_if.getFieldset();
  const listName = question.name.replace(/\[\d+\]$/, "");
  // With JavaScript the picker offers only questions with options; without, a type may have changed since
  // the page was drawn, so every earlier question is offered and the server says which cannot be used.
  const sources = hydrated ? earlier.filter((source) => RULE_SOURCE_TYPES.includes(source.type)) : earlier;
  const chosen = earlier.find((source) => source.ref === rule.question.value);
  return (
    <li className="rounded-lg border border-slate-200 p-4" data-testid={`custom-question-${index}`}>
      <input {...getInputProps(q.id, { type: "hidden" })} />
      <div className="mb-3 flex items-center justify-between gap-2">
        <p className="text-sm font-semibold text-slate-700">Question {index + 1}</p>
        <div className="flex flex-wrap gap-1">
          {saveToLibraryForm ? (
            <button type="submit" form={saveToLibraryForm} className={buttonClass("ghost", "sm")}>
              Save to library
            </button>
          ) : null}
          <button
            className={buttonClass("ghost", "sm")}
            disabled={index === 0}
            {...form.reorder.getButtonProps({ name: listName, from: index, to: index - 1 })}
          >
            Move up
          </button>
          <button
            className={buttonClass("ghost", "sm")}
            disabled={index === count - 1}
            {...form.reorder.getButtonProps({ name: listName, from: index, to: index + 1 })}
          >
            Move down
          </button>
          <button className={buttonClass("ghost", "sm")} {...form.remove.getButtonProps({ name: listName, index })}>
            Remove
          </button>
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem]">
        <InputField field={q.label} type="text" label="Question" />
        <ChoiceField field={q.type} label="Answer type" placeholder="Choose a type" options={QUESTION_TYPES} />
      </div>
      <div className="mt-3">
        <InputField field={q.help_text} type="text" label="Help text (optional)" />
      </div>
      {/* Without JavaScript the type can change without a re-render, so the box always shows. */}
      <div className={`mt-3 ${!hydrated || CHOICE_TYPES.includes(type) ? "" : "hidden"}`}>
        <label className="block text-sm font-medium text-slate-700" htmlFor={q.options.id}>
          Options, one per line
        </label>
        {hydrated ? null : <p className="text-xs text-slate-500">Only for single choice, multiple choice and dropdown questions.</p>}
        <textarea className={inputClass} rows={3} {...getTextareaProps(q.options)} />
        <FieldErrors id={q.options.errorId} errors={q.options.errors} />
      </div>
      <label className="mt-3 flex items-center gap-2 text-sm">
        <input {...getInputProps(q.required, { type: "checkbox" })} />
        Required
      </label>
      {index > 0 ? (
        <fieldset className="mt-3 rounded-md border border-dashed border-slate-300 p-3" data-testid={`show-if-${index}`}>
          <legend className="px-1 text-sm font-medium text-slate-700">Show only when</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <ChoiceField
              field={rule.question}
              label="Earlier question"
              hint="A question above this one with options."
              placeholder="Always ask this question"
              options={sources.map((source) => ({ value: source.ref, label: source.label }))}
            />
            <div>
              <label className="block text-sm font-medium text-slate-700" htmlFor={rule.values.id}>
                Is one of, one per line
              </label>
              <textarea className={inputClass} rows={2} {...getTextareaProps(rule.values)} />
              {chosen?.options.length ? (
                <p className="mt-1 text-xs text-slate-600" data-testid={`show-if-options-${index}`}>
                  Its options: {chosen.options.join(", ")}
                </p>
              ) : null}
              <FieldErrors id={rule.values.errorId} errors={rule.values.errors} />
            </div>
          </div>
        </fieldset>
      ) : null}
    </li>
  );
}
