import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { EventFormInput } from "#schemas/events";
import { InputField } from "~/components/ui/form-fields";

type Fields = { [K in keyof EventFormInput]-?: FieldMetadata<unknown, Record<string, unknown>, string[]> };

/** The builder's places: how many, until when, and the waitlist once they are gone (with a paid event's hours to pay). */
export function PlacesFields({
  fields,
}: {
  fields: Pick<Fields, "capacity" | "application_deadline" | "waitlist_enabled" | "waitlist_offer_hours">;
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          field={fields.capacity}
          type="number"
          label="Capacity (optional)"
          min={1}
          hint="Applications stop when it is reached, unless the event keeps a waitlist."
        />
        <InputField field={fields.application_deadline} type="datetime-local" label="Application deadline (optional)" />
      </div>
      <label className="flex items-start gap-2">
        <input {...getInputProps(fields.waitlist_enabled, { type: "checkbox", value: "true" })} className="mt-1" />
        <span>
          Keep a waitlist once it is full
          <span className="block text-sm text-slate-600">
            Applying then joins a line, and each place that frees goes to the first one waiting, at once: theirs on a free event, offered to
            them to pay for on a paid one.
          </span>
        </span>
      </label>
      <InputField
        field={fields.waitlist_offer_hours}
        type="number"
        label="Hours to pay for an offered place"
        min={1}
        max={168}
        hint="Paid events: how long the first in line has to pay before the place passes to the next (24 if left blank)."
      />
    </>
  );
}
