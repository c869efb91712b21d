import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { RECOVERY_CODE_COUNT, type TwoFactorSetup, type TwoFactorStatus } from "#schemas/two-factor";
import { Button } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { InputField } from "~/components/ui/form-fields";
import { Badge, Card } from "~/components/ui/layout";
import { useDates } from "~/lib/dates";
import { useZodForm } from "~/lib/use-zod-form";
import { RecoveryCodes } from "./recovery-codes";
import { TWO_FACTOR_FORMS, type TwoFactorIntent } from "./two-factor-forms";

type LastResult = SubmissionResult<string[]> | null | undefined;

export interface TwoFactorCardProps {
  status: TwoFactorStatus;
  /** The last two-factor form's answer on this page, if any. */
  answer?: { intent: TwoFactorIntent; result: LastResult; message: string | null; recoveryCodes?: string[] };
}

/**
 * Two-factor sign-in on the account page: off (set it up), a setup waiting for its first code (the QR
 * code, the secret for typing in, the confirming form), or on (new recovery codes, turning it off). The
 * recovery codes show once, right after they are made.
 */
export function TwoFactorCard({ status, answer }: TwoFactorCardProps) {
  const dates = useDates();
  const lastResult = (intent: TwoFactorIntent) => (answer?.intent === intent ? answer.result : undefined);
  return (
    <Card>
      <div id="two-factor" className="mb-4 flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold">Two-factor authentication</h2>
        {status.enabled ? <Badge tone="green">On</Badge> : <Badge>Off</Badge>}
      </div>
      {status.required && !status.enabled ? (
        <p className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700" role="status">
          Your role requires two-factor authentication. Set it up to go on using Launchpad.
        </p>
      ) : null}
      {answer?.recoveryCodes ? <RecoveryCodes codes={answer.recoveryCodes} message={answer.message} /> : null}
      {status.enabled ? (
        <div className="space-y-6">
          <p className="text-sm text-slate-600">
            {`Signing in asks for a code from your authenticator app${status.enabled_at ? ` (on since ${dates.day(status.enabled_at)})` : ""}. `}
            {`${status.recovery_codes_left} of ${RECOVERY_CODE_COUNT} recovery codes left.`}
          </p>
          <RenewCodesForm lastResult={lastResult("recovery-codes")} />
          {status.required ? null : <DisableForm lastResult={lastResult("two-factor-disable")} />}
        </div>
      ) : status.setup ? (
        <ConfirmSetup setup={status.setup} lastResult={lastResult("two-factor-confirm")} />
      ) : (
        <StartForm lastResult={lastResult("two-factor-start")} />
      )}
    </Card>
  );
}

const busy = (navigation: ReturnType<typeof useNavigation>, intent: TwoFactorIntent) =>
  navigation.state === "submitting" && navigation.formData?.get("intent") === intent;

function StartForm({ lastResult }: { lastResult: LastResult }) {
  const navigation = useNavigation();
  const [form] = useZodForm(TWO_FACTOR_FORMS["two-factor-start"], { id: "two-factor-start", lastResult });
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="two-factor-start" />
      <FormErrors errors={form.errors} />
      <p className="text-sm text-slate-600">
        Add a second step to signing in: a 6-digit code from an authenticator app on your phone (Google Authenticator, 1Password, Authy,
        Microsoft Authenticator or any other TOTP app).
      </p>
      <Button type="submit" pending={busy(navigation, "two-factor-start")}>
        Set up two-factor authentication
      </Button>
    </Form>
  );
}

/** The secret in groups of four, as authenticator apps accept it typed in. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

function ConfirmSetup({ setup, lastResult }: { setup: TwoFactorSetup; lastResult: LastResult }) {
  const navigation = useNavigation();
  const [form, fields] = useZodForm(TWO_FACTOR_FORMS["two-factor-confirm"], { id: "two-factor-confirm", lastResult });
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-600">
        <li>Scan this QR code with your authenticator app.</li>
        <li>Enter the 6-digit code it shows, and your password, to turn two-factor authentication on.</li>
      </ol>
      <div className="flex flex-wrap items-start gap-6">
        {/* The server draws the QR code (an SVG of the otpauth address); its own white margin keeps it scannable in the dark theme. */}
        <div
          role="img"
          aria-label="QR code to add Launchpad to your authenticator app"
          className="size-48 shrink-0"
          dangerouslySetInnerHTML={{ __html: setup.qr_code_svg }}
        />
        <div className="min-w-0 space-y-1 text-sm">
          <p className="font-medium text-slate-700">Cannot scan it? Enter this key in the app:</p>
          <code data-testid="two-factor-secret" className="block break-all rounded bg-slate-100 px-2 py-1 font-mono text-slate-900">
            {grouped(setup.secret)}
          </code>
          <p className="text-xs text-slate-500">Time-based, 6 digits, every 30 seconds.</p>
        </div>
      </div>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="two-factor-confirm" />
        <FormErrors errors={form.errors} />
        <InputField field={fields.code} type="text" label="Code from your app" inputMode="numeric" autoComplete="one-time-code" />
        <InputField field={fields.current_password} type="password" label="Current password" autoComplete="current-password" />
        <Button type="submit" pending={busy(navigation, "two-factor-confirm")}>
          Turn on two-factor authentication
        </Button>
      </Form>
    </div>
  );
}

function RenewCodesForm({ lastResult }: { lastResult: LastResult }) {
  const navigation = useNavigation();
  const [form, fields] = useZodForm(TWO_FACTOR_FORMS["recovery-codes"], { id: "two-factor-recovery", lastResult });
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <h3 className="font-medium text-slate-800">New recovery codes</h3>
      <input type="hidden" name="intent" value="recovery-codes" />
      <FormErrors errors={form.errors} />
      <InputField
        field={fields.code}
        type="text"
        label="Code from your app"
        hint="Your old recovery codes stop working."
        inputMode="numeric"
        autoComplete="one-time-code"
      />
      <Button type="submit" variant="secondary" pending={busy(navigation, "recovery-codes")}>
        Make new recovery codes
      </Button>
    </Form>
  );
}

function DisableForm({ lastResult }: { lastResult: LastResult }) {
  const navigation = useNavigation();
  const [form, fields] = useZodForm(TWO_FACTOR_FORMS["two-factor-disable"], { id: "two-factor-disable", lastResult });
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <h3 className="font-medium text-slate-800">Turn off</h3>
      <input type="hidden" name="intent" value="two-factor-disable" />
      <FormErrors errors={form.errors} />
      <InputField field={fields.current_password} type="password" label="Current password" autoComplete="current-password" />
      <InputField field={fields.code} type="text" label="Code from your app" inputMode="numeric" autoComplete="one-time-code" />
      <InputField
        field={fields.recovery_code}
        type="text"
        label="Or a recovery code"
        hint="If you no longer have the app."
        autoComplete="off"
      />
      <Button type="submit" variant="danger" pending={busy(navigation, "two-factor-disable")}>
        Turn off two-factor authentication
      </Button>
    </Form>
  );
}
