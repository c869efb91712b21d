import type { SubmissionResult } from "@conform-to/react";
import { SecretField } from "~/components/ui/secret-field";
import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { WEBHOOK_KIND_LABELS, WEBHOOK_KINDS, webhookCreateSchema, type WebhookView } from "#schemas/webhooks";
import { CheckboxGroup } from "~/components/co-founders/choice-group";
import { Button } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { InputField } from "~/components/ui/form-fields";
import { Badge, Card } from "~/components/ui/layout";
import { useDates } from "~/lib/dates";
import { useZodForm } from "~/lib/use-zod-form";

/** An endpoint's own screen. */
export const webhookPath = (id: number) => `/webhooks/${id}`;

/** Each kind as the person choosing reads it: its name as receivers see it, and what it means. */
const KIND_LABELS = Object.fromEntries(
  WEBHOOK_KINDS.map((kind) => [
    kind,
    <span key={kind}>
      <code>{kind}</code>: {WEBHOOK_KIND_LABELS[kind]}
    </span>,
  ]),
);

/**
 * An endpoint's URL, kinds and description: empty to add one (every kind ticked to start with), or an
 * endpoint's own to change it. The same schema checks the fields here and in the API.
 */
export function EndpointForm({
  webhook,
  lastResult,
  message,
}: {
  webhook: WebhookView | null;
  lastResult: SubmissionResult<string[]> | null | undefined;
  message?: string | null;
}) {
  const navigation = useNavigation();
  const intent = webhook ? "update" : "create";
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const [form, fields] = useZodForm(webhookCreateSchema, {
    id: webhook ? `webhook-${webhook.id}` : "webhook-new",
    lastResult,
    defaultValue: webhook
      ? { url: webhook.url, kinds: webhook.kinds, description: webhook.description }
      : { kinds: [...WEBHOOK_KINDS], description: "" },
  });
  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold">{webhook ? "Change this endpoint" : "Add an endpoint"}</h2>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value={intent} />
        <FormErrors errors={form.errors ?? (message && !lastResult ? [message] : undefined)} />
        <InputField
          field={fields.url}
          type="url"
          label="URL"
          placeholder="https://example.com/launchpad-events"
          hint="Launchpad calls it with a signed POST when something you chose happens. It must be https and reachable from the internet."
          maxLength={2048}
        />
        <InputField
          field={fields.description}
          type="text"
          label="Description (optional)"
          hint="What it feeds: “CRM sync”."
          maxLength={200}
        />
        <CheckboxGroup field={fields.kinds} legend="Tell it when" options={WEBHOOK_KINDS} labels={KIND_LABELS} />
        <Button type="submit" pending={busy}>
          {webhook ? "Save changes" : "Add endpoint"}
        </Button>
      </Form>
    </Card>
  );
}

/** A secret, once: when the endpoint is made or its secret rotated. The page never shows it again. */
export function SecretShown({ secret, message }: { secret: string; message: string }) {
  return (
    <Card>
      <h2 className="text-lg font-semibold">Signing secret</h2>
      <p role="status" className="mt-1 text-sm text-slate-700">
        {message} Your receiver checks each call&apos;s <code>webhook-signature</code> with it (any Standard Webhooks library does).
      </p>
      <SecretField id="webhook-secret" label="The secret" value={secret} testId="webhook-secret" />
    </Card>
  );
}

/** On, off, or on and failing (since when): what a person needs to know about an endpoint at a glance. */
export function EndpointState({ webhook }: { webhook: Pick<WebhookView, "enabled" | "failing_since"> }) {
  const dates = useDates();
  if (!webhook.enabled) return <Badge tone="slate">Off</Badge>;
  if (webhook.failing_since) return <Badge tone="red">Failing since {dates.dayTime(webhook.failing_since)}</Badge>;
  return <Badge tone="green">On</Badge>;
}
