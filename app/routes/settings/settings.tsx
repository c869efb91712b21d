import { getFormProps } from "@conform-to/react";
import { parseSubmission } from "~/lib/submission.server";
import { Form, useNavigation } from "react-router";
import {
  DATE_FORMATS,
  DATE_FORMAT_LABELS,
  LAYOUTS,
  LAYOUT_LABELS,
  SETTINGS_SAVED,
  THEMES,
  THEME_LABELS,
  settingsSchema,
} from "#schemas/settings";
import { API } from "#schemas/contract/index";
import { NotificationChoices } from "~/components/notifications/notification-choices";
import { Button } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { ChoiceField } from "~/components/ui/form-fields";
import { Card, PageHeader } from "~/components/ui/layout";
import { apiContext } from "~/lib/contexts";
import { redirectWithToast } from "~/lib/flash.server";
import { replyInvalid, replyWithApiErrors } from "~/lib/forms.server";
import { requestEnvContext } from "~/lib/request-env";
import { timeZones } from "~/lib/time-zones.server";
import { useZodForm } from "~/lib/use-zod-form";
import type { Route } from "./+types/settings";
import { InAppLink } from "~/components/ui/in-app-link";

export async function loader({ context }: Route.LoaderArgs) {
  const { data: settings } = await context.get(apiContext).answer(API.showSettings, {});
  return { settings, timeZones: timeZones() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseSubmission(await request.formData(), {
    schema: settingsSchema,
  });
  if (submission.status !== "success") return replyInvalid(submission);
  const result = await context.get(apiContext).request(API.saveSettings, { body: submission.value });
  if (!result.ok) return replyWithApiErrors(submission, result);
  return redirectWithToast(context.get(requestEnvContext), "/settings", {
    type: "success",
    message: SETTINGS_SAVED,
  });
}

const labelled = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, timeZones: zones } = loaderData;
  const navigation = useNavigation();
  const [form, fields] = useZodForm(settingsSchema, {
    id: "settings",
    lastResult: actionData?.result,
    defaultValue: {
      time_zone: settings.time_zone,
      date_format: settings.date_format,
      theme: settings.theme,
      layout: settings.layout,
    },
  });
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title="Settings"
        description={
          <>
            How the panel shows dates, looks and tells you things. Your name, email and password are on the{" "}
            <InAppLink to="/account" className="font-medium text-brand-700 underline">
              account screen
            </InAppLink>
            .
          </>
        }
      />
      <Card>
        <Form method="post" className="space-y-5" {...getFormProps(form)}>
          <FormErrors errors={form.errors} />
          <ChoiceField
            field={fields.time_zone}
            label="Time zone"
            hint="Every date and time in the panel is shown in this zone."
            placeholder="Choose a time zone"
            options={zones}
          />
          <ChoiceField
            field={fields.date_format}
            label="Date format"
            placeholder="Choose a date format"
            options={labelled(DATE_FORMATS, DATE_FORMAT_LABELS)}
          />
          <ChoiceField field={fields.theme} label="Theme" placeholder="Choose a theme" options={labelled(THEMES, THEME_LABELS)} />
          <ChoiceField
            field={fields.layout}
            label="Layout"
            hint="Compact folds the navigation away, as on a phone."
            placeholder="Choose a layout"
            options={labelled(LAYOUTS, LAYOUT_LABELS)}
          />
          <NotificationChoices receiving={settings.notifications} mail={settings.mail} errors={(name) => form.allErrors[name]} />
          <Button type="submit" pending={navigation.state === "submitting"}>
            Save settings
          </Button>
        </Form>
      </Card>
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Settings · Launchpad" }];
