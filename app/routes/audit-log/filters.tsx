import { Form, useNavigation, useSearchParams } from "react-router";
import { ACTIVITY_KIND_LABELS, AUDITED_KINDS, type AuditLogOption } from "#schemas/activity";
import { Button, buttonClass } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { InAppLink } from "~/components/ui/in-app-link";
import { Options } from "~/components/ui/options";

/** The log's filters, by their names in the address and the API's query. */
export const AUDIT_FILTERS = ["actor_id", "kind", "event_form_id", "from", "to"] as const;

const KIND_CHOICES = AUDITED_KINDS.map((kind) => ({ value: kind, label: ACTIVITY_KIND_LABELS[kind] }));
const choices = (options: readonly AuditLogOption[]) => options.map(({ id, name }) => ({ value: id, label: name }));

/**
 * The filters as a plain GET form: they work without JavaScript, and the address keeps them (a link to a
 * filtered log, the back button). The choices are the members and forms the log has entries of.
 */
export function AuditLogFilters({
  actors,
  forms,
  errors,
}: {
  actors: readonly AuditLogOption[];
  forms: readonly AuditLogOption[];
  errors: Record<string, string[] | undefined>;
}) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const value = (name: (typeof AUDIT_FILTERS)[number]) => searchParams.get(name) ?? "";
  const described = (name: string) => (errors[name]?.length ? { "aria-invalid": true, "aria-describedby": `audit-${name}-error` } : {});
  return (
    // Keyed by the address: the fields' defaults follow it (the clear link, the back button).
    <Form
      key={searchParams.toString()}
      method="get"
      role="search"
      aria-label="Filter the audit log"
      className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6 lg:items-end"
    >
      <SelectField
        label="Member"
        id="audit-actor_id"
        name="actor_id"
        defaultValue={value("actor_id")}
        errors={errors.actor_id}
        errorId="audit-actor_id-error"
        {...described("actor_id")}
      >
        <option value="">Anyone</option>
        <Options options={choices(actors)} />
      </SelectField>
      <SelectField
        label="What"
        id="audit-kind"
        name="kind"
        defaultValue={value("kind")}
        errors={errors.kind}
        errorId="audit-kind-error"
        {...described("kind")}
      >
        <option value="">Any change</option>
        <Options options={KIND_CHOICES} />
      </SelectField>
      <SelectField
        label="Event form"
        id="audit-event_form_id"
        name="event_form_id"
        defaultValue={value("event_form_id")}
        errors={errors.event_form_id}
        errorId="audit-event_form_id-error"
        {...described("event_form_id")}
      >
        <option value="">Any form</option>
        <Options options={choices(forms)} />
      </SelectField>
      <TextField
        label="From"
        id="audit-from"
        name="from"
        type="date"
        defaultValue={value("from")}
        errors={errors.from}
        errorId="audit-from-error"
        {...described("from")}
      />
      <TextField
        label="To"
        id="audit-to"
        name="to"
        type="date"
        defaultValue={value("to")}
        errors={errors.to}
        errorId="audit-to-error"
        {...described("to")}
      />
      <div className="flex gap-2">
        <Button type="submit" variant="secondary" pending={navigation.state === "loading" && navigation.formMethod === "GET"}>
          Filter
        </Button>
        <InAppLink to="/audit-log" className={buttonClass("ghost")}>
          Clear
        </InAppLink>
      </div>
    </Form>
  );
}
