import { data, Form, useNavigation, useSearchParams } from "react-router";
import { ABILITY_LABELS, TOKEN_ABILITIES } from "#schemas/api-tokens";
import { API } from "#schemas/contract/index";
import { Button, buttonClass } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { FieldErrors, FormErrors, SelectField, TextField } from "~/components/ui/field";
import { InAppLink } from "~/components/ui/in-app-link";
import { SecretField } from "~/components/ui/secret-field";
import { Card, PageHeader } from "~/components/ui/layout";
import { TimeAgo } from "~/components/ui/time-ago";
import { apiContext } from "~/lib/contexts";
import { useDates } from "~/lib/dates";
import { requestEnvContext } from "~/lib/request-env";
import { takeRevealed } from "~/lib/reveal-once.server";
import { useShownOnce } from "~/lib/use-shown-once";
import type { Route } from "./+types/tokens";
import { madeToken, tokenAction, type TokenActionData } from "./tokens.server";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { revealed: made, headers } = await takeRevealed(context.get(requestEnvContext), request, url, madeToken);
  const tokens = (await context.get(apiContext).answer(API.listApiTokens, {})).data;
  return data({ tokens, made }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  return tokenAction(context.get(apiContext), context.get(requestEnvContext), await request.formData());
}

const LIFETIME_LABELS = { "30": "30 days", "90": "90 days", "365": "A year", none: "Never" } as const;

export default function Tokens({ loaderData, actionData }: Route.ComponentProps) {
  const { tokens } = loaderData;
  const made = useShownOnce(loaderData.made);
  const dates = useDates();
  const answer = actionData as TokenActionData | undefined;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <InAppLink to="/account" className="text-sm text-brand-600 hover:underline">
        ← Account
      </InAppLink>
      <PageHeader
        title="API tokens"
        description="Let another tool (a CRM, a spreadsheet, a script) use Launchpad as you, held to the abilities you choose. A token never does more than your own role allows."
      />
      <p className="text-sm text-slate-700">
        What a token can call, with examples to copy and a place to try each call:{" "}
        <a href="/api/docs" className="text-brand-700 underline">
          the API reference
        </a>
        .
      </p>
      {made ? <MadeToken made={made} /> : <NewTokenCard answer={answer} />}
      <DataTable
        caption="Your API tokens"
        rows={tokens}
        rowKey={(token) => token.id}
        rowProps={(token) => ({ "data-testid": `token-${token.id}` })}
        empty={{ title: "No API tokens", children: "Make one above: it is shown once, when it is made." }}
        columns={[
          { label: "Name", cell: (token) => <span className="font-medium">{token.name}</span> },
          { label: "Abilities", cell: (token) => token.abilities.join(", ") },
          { label: "Created", cell: (token) => dates.day(token.created_at) },
          {
            label: "Last used",
            cell: (token) =>
              token.last_used_at ? (
                <>
                  <TimeAgo iso={token.last_used_at} />
                  {token.last_used_ip ? ` from ${token.last_used_ip}` : ""}
                </>
              ) : (
                "Not yet"
              ),
          },
          { label: "Expires", cell: (token) => (token.expires_at ? dates.day(token.expires_at) : "Never") },
          { label: "Actions", cell: (token) => <RevokeToken token={token} /> },
        ]}
      />
    </div>
  );
}

/**
 * Revoking asks first, as a link to this page that names the token (so it works without JavaScript): a
 * tool that uses it stops working at once, and a token cannot be brought back.
 */
function RevokeToken({ token }: { token: { id: number; name: string } }) {
  const [searchParams] = useSearchParams();
  if (searchParams.get("revoke") !== String(token.id)) {
    return (
      <InAppLink to={`?revoke=${token.id}`} className={buttonClass("secondary", "sm")} aria-label={`Revoke ${token.name}…`}>
        Revoke…
      </InAppLink>
    );
  }
  return (
    <div role="group" aria-label={`Revoke ${token.name}`} className="space-y-2">
      <p className="text-sm">Tools using it stop at once.</p>
      <div className="flex gap-2">
        <Form method="post" action="/account/tokens">
          <input type="hidden" name="intent" value="revoke" />
          <input type="hidden" name="id" value={token.id} />
          <Button type="submit" variant="danger" size="sm">
            Yes, revoke
          </Button>
        </Form>
        <InAppLink to="/account/tokens" className={buttonClass("ghost", "sm")}>
          Keep
        </InAppLink>
      </div>
    </div>
  );
}

/** The new token, once: the page never shows it again. */
function MadeToken({ made }: { made: { name: string; plain_text_token: string; message: string } }) {
  return (
    <Card>
      <h2 className="text-lg font-semibold">{made.name}</h2>
      <p role="status" className="mt-1 text-sm text-slate-700">
        {made.message} Send it as <code>Authorization: Bearer …</code>.
      </p>
      <SecretField id="new-token" label="Your new token" value={made.plain_text_token} testId="new-token" />
      <InAppLink to="/account/tokens" className="mt-3 inline-block text-sm text-brand-600 underline">
        Done: back to the list
      </InAppLink>
    </Card>
  );
}

function NewTokenCard({ answer }: { answer: TokenActionData | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "make";
  const errors = answer?.errors ?? {};
  const chosen = answer?.values.abilities ?? ["read"];
  const abilityErrors = Object.entries(errors).flatMap(([field, messages]) => (field.startsWith("abilities") ? messages : []));
  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold">Make a token</h2>
      <Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="make" />
        <FormErrors errors={errors._} />
        <TextField
          id="token-name"
          name="name"
          label="Name"
          maxLength={100}
          defaultValue={answer?.values.name}
          hint="What it is for, so you know which to revoke: “CRM sync”."
          errors={errors.name}
          errorId="token-name-errors"
          aria-describedby={errors.name ? "token-name-errors" : undefined}
        />
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Abilities</legend>
          <div className="mt-2 space-y-1">
            {TOKEN_ABILITIES.map((ability) => (
              <label key={ability} className="flex items-start gap-2 text-sm">
                <input type="checkbox" name="abilities" value={ability} defaultChecked={chosen.includes(ability)} className="mt-0.5" />
                <span>
                  <code>{ability}</code>: {ABILITY_LABELS[ability]}
                </span>
              </label>
            ))}
          </div>
          <FieldErrors errors={abilityErrors} />
        </fieldset>
        <SelectField
          id="token-lifetime"
          name="lifetime"
          label="Expires after"
          defaultValue={answer?.values.lifetime ?? "90"}
          errors={errors.expires_at}
        >
          {Object.entries(LIFETIME_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <Button type="submit" pending={busy}>
          Make token
        </Button>
      </Form>
    </Card>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "API tokens · Launchpad" }];
