import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { toast } from "react-toastify";
import { CURRENCIES, EVENT_CATEGORIES, EVENT_NATURES, STANDARD_QUESTIONS, eventFormSchema } from "#schemas/events";
import { AiSuggest } from "~/components/ai/ai-suggest";
import { eventDescriptionPrompt } from "~/components/ai/prompts";
import { Button, buttonClass } from "~/components/ui/button";
import { FieldErrors, FormErrors } from "~/components/ui/field";
import { ChoiceField, InputField, TextareaField } from "~/components/ui/form-fields";
import { DataTable } from "~/components/ui/data-table";
import { Card } from "~/components/ui/layout";
import { CityCombobox } from "~/components/places/city-combobox";
import type { Country } from "#schemas/countries";
import { useZodForm } from "~/lib/use-zod-form";
import { builderDefaults, readBuilderValues, validationFailsMessage } from "./builder-values";
import { PlacesFields } from "./places-fields";
import { QuestionPreview } from "./question-preview";
import { CustomQuestionCard } from "./custom-question-card";
import { LibraryPicker, libraryQuestionValues, saveToLibraryFormId } from "./question-library";
import type { SavedQuestionView } from "#schemas/question-library";

export function EventFormBuilder({
  defaultValue,
  lastResult,
  failure,
  collections,
  timeZones,
  countries,
  bannerUrl,
  submitLabel,
  library,
  savedQuestionIds,
}: {
  /** The organization's saved questions, to add to this form. */
  library?: SavedQuestionView[];
  /** The ids of the questions this form has saved (edit only): those can be saved to the library. */
  savedQuestionIds?: string[];
  timeZones: string[];
  /** The venue country's choices (the API's `listCountries`). */
  countries: Country[];
  defaultValue: ReturnType<typeof builderDefaults>;
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** The server's 'Validation fails for …' message, shown without JavaScript too. */
  failure: string | null;
  collections: { id: number; name: string }[];
  bannerUrl?: string | null;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [clientFailure, setClientFailure] = useState<string | null>(null);
  const [form, fields] = useZodForm(eventFormSchema, {
    id: "event-form-builder",
    lastResult,
    defaultValue: defaultValue as never,
    onInvalidSubmit(invalid) {
      const message = validationFailsMessage(invalid);
      setClientFailure(message);
      toast.error(message, { toastId: message });
    },
  });
  const questions = fields.custom_questions.getFieldList();
  const standard = fields.questions.getFieldset();
  const paid = fields.paid_event_information.getFieldset();
  const preview = readBuilderValues(form.value ?? defaultValue);
  const message = clientFailure ?? failure;

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]"
      {...getFormProps(form)}
    >
      <div className="space-y-6">
        {message ? <FormErrors errors={[message]} /> : null}
        <FormErrors errors={form.errors} />
        <Card>
          <h2 className="mb-4 text-lg font-semibold">The event</h2>
          <div className="space-y-4">
            <ChoiceField
              field={fields.collection_id}
              label="Collection"
              placeholder="Choose a collection"
              options={collections.map((c) => ({ value: String(c.id), label: c.name }))}
            />
            <InputField field={fields.title} type="text" label="Title" />
            <div>
              <TextareaField field={fields.description} label="Description" />
              <AiSuggest
                label="Description"
                buildPrompt={() => eventDescriptionPrompt(form.value ?? defaultValue)}
                onUse={(text) => form.update({ name: fields.description.name, value: text })}
              />
            </div>
            <div className="flex items-center gap-4">
              {bannerUrl ? <img src={bannerUrl} alt="Current cover" className="aspect-[2/1] w-32 rounded object-cover" /> : null}
              <div className="flex-1">
                <InputField
                  field={fields.banner}
                  type="file"
                  label="Cover image"
                  hint="PNG, JPEG, GIF or WebP, up to 2 MB. Cards and the event's page show it at 2:1 (1200×600 fits exactly), cropped to its middle."
                  accept="image/png,image/jpeg,image/gif,image/webp"
                />
              </div>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <ChoiceField field={fields.category} label="Category" placeholder="Choose a category" options={EVENT_CATEGORIES} />
              <ChoiceField field={fields.nature} label="Nature" placeholder="Choose how it happens" options={EVENT_NATURES} />
            </div>
          </div>
        </Card>

        <Card>
          <h2 className="mb-4 text-lg font-semibold">When and where</h2>
          <div className="space-y-4">
            <ChoiceField field={fields.timezone} label="Time zone" placeholder="Choose a time zone" options={timeZones} />
            <div className="grid gap-4 sm:grid-cols-2">
              <InputField field={fields.starts_at} type="datetime-local" label="Starts" />
              <InputField field={fields.ends_at} type="datetime-local" label="Ends" />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <ChoiceField
                field={fields.venue_country}
                label="Venue country"
                placeholder="Choose a country"
                options={countries.map((c) => ({ value: c.code, label: c.name }))}
              />
              <CityCombobox
                field={fields.venue_city}
                label="Venue city"
                countryField={fields.venue_country.name}
                hint="For in-person and hybrid events: the weather shown to applicants is this city's."
              />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <InputField field={fields.venue} type="text" label="Venue" hint="The address or the room. For in-person and hybrid events." />
              <InputField
                field={fields.online_link}
                type="url"
                label="Online link"
                hint="For online and hybrid events."
                placeholder="https://"
              />
            </div>
            <PlacesFields fields={fields} />
          </div>
        </Card>

        <Card>
          <h2 className="mb-4 text-lg font-semibold">Tickets</h2>
          <fieldset className="flex gap-6">
            <legend className="sr-only">Type of event</legend>
            {(["free", "paid"] as const).map((type) => (
              <label key={type} className="flex items-center gap-2">
                <input {...getInputProps(fields.type_of_event, { type: "radio", value: type })} id={`${fields.type_of_event.id}-${type}`} />
                {type === "free" ? "Free" : "Paid"}
              </label>
            ))}
          </fieldset>
          <FieldErrors errors={fields.type_of_event.errors} />
          {/* A free event's price fields are set apart by a frame and a note, not faded: faded text fails contrast (WCAG 1.4.3). */}
          <div
            className={`mt-4 rounded-md ${preview.isPaid ? "" : "border border-dashed border-slate-300 p-4"}`}
            data-testid="paid-information"
          >
            {preview.isPaid ? null : (
              <p className="mb-3 text-sm text-slate-600">A free event has no price: these are used only when the event is paid.</p>
            )}
            <div className="grid gap-4 sm:grid-cols-3">
              <InputField field={paid.price} type="text" label="Price" inputMode="decimal" hint="Only for paid events." />
              <ChoiceField field={paid.currency} label="Currency" placeholder="Currency" options={CURRENCIES} />
              <InputField field={paid.includes} type="text" label="The price includes (optional)" />
            </div>
          </div>
        </Card>

        <Card>
          <h2 className="mb-1 text-lg font-semibold">Applicant details</h2>
          <p className="mb-4 text-sm text-slate-600">Standard fields to ask for. A required field is always shown.</p>
          <DataTable
            look="plain"
            caption="Applicant details to ask for"
            rows={STANDARD_QUESTIONS}
            rowKey={(q) => q.key}
            columns={[
              { label: "Field", cell: (q) => q.label },
              {
                label: "Ask",
                cell: (q) => (
                  <input
                    {...getInputProps(standard[q.key].getFieldset().enabled, { type: "checkbox" })}
                    aria-label={`Ask for ${q.label}`}
                  />
                ),
              },
              {
                label: "Required",
                cell: (q) => (
                  <input
                    {...getInputProps(standard[q.key].getFieldset().required, { type: "checkbox" })}
                    aria-label={`Require ${q.label}`}
                  />
                ),
              },
            ]}
          />
        </Card>

        <Card>
          <h2 className="mb-1 text-lg font-semibold">Custom questions</h2>
          <p className="mb-4 text-sm text-slate-600">Asked after the applicant details, in this order.</p>
          <ol className="space-y-4">
            {questions.map((question, index) => {
              const id = question.getFieldset().id.value;
              return (
                <CustomQuestionCard
                  key={question.key ?? index}
                  form={form as never}
                  question={question as never}
                  index={index}
                  count={questions.length}
                  type={preview.customTypes[index] ?? "short_text"}
                  earlier={preview.ruleSources.slice(0, index).filter((source) => source.ref)}
                  hydrated={hydrated}
                  saveToLibraryForm={id && savedQuestionIds?.includes(id) ? saveToLibraryFormId(id) : null}
                />
              );
            })}
          </ol>
          <FieldErrors errors={fields.custom_questions.errors} />
          <button
            className={`${buttonClass("secondary", "sm")} mt-4`}
            {...form.insert.getButtonProps({ name: fields.custom_questions.name, defaultValue: { type: "short_text" } })}
          >
            Add question
          </button>
          <LibraryPicker
            library={library ?? []}
            addButton={(saved) =>
              form.insert.getButtonProps({ name: fields.custom_questions.name, defaultValue: libraryQuestionValues(saved) })
            }
          />
        </Card>

        <Button type="submit" pending={navigation.state === "submitting"}>
          {submitLabel}
        </Button>
      </div>

      <aside className="xl:sticky xl:top-4 xl:self-start" aria-label="Preview">
        <Card>
          <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-500">Preview</h2>
          <p className="text-lg font-semibold">{preview.title || "Untitled event"}</p>
          <p className="mb-4 line-clamp-3 text-sm text-slate-600">{preview.description}</p>
          <div className="space-y-3" data-testid="builder-preview">
            {preview.questions.map((q) => (
              <QuestionPreview key={q.key} label={q.label} type={q.type} required={q.required} helpText={q.helpText} options={q.options} />
            ))}
          </div>
        </Card>
      </aside>
    </Form>
  );
}
