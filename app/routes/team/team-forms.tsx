import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { ASSIGNABLE_ROLES, ROLE_LABELS } from "#schemas/organization-roles";
import { ownershipTransferSchema, teamInvitationSchema, teamMemberUpdateSchema, type TeamMemberView } from "#schemas/team";
import { Button, buttonClass } from "~/components/ui/button";
import { FieldErrors, FormErrors } from "~/components/ui/field";
import { ChoiceField, InputField } from "~/components/ui/form-fields";
import { InAppLink } from "~/components/ui/in-app-link";
import { Card } from "~/components/ui/layout";
import { useZodForm } from "~/lib/use-zod-form";

export interface FormOption {
  id: number;
  title: string;
}

type LastResult = SubmissionResult<string[]> | undefined;

const ROLE_OPTIONS = ASSIGNABLE_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** The forms a reviewer, door or finance member is limited to: ticked boxes, none for every form. */
function FormScope({ name, forms, checked, errors }: { name: string; forms: FormOption[]; checked: number[]; errors?: string[] }) {
  if (!forms.length) return null;
  const ticked = new Set(checked);
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">Limit to these forms (reviewer, door and finance only; none ticked: every form)</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {forms.map((form) => (
          <label key={form.id} className="flex items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm">
            <input type="checkbox" name={name} value={form.id} defaultChecked={ticked.has(form.id)} />
            {form.title}
          </label>
        ))}
      </div>
      <FieldErrors errors={errors} />
    </fieldset>
  );
}

const pending = (navigation: ReturnType<typeof useNavigation>, intent: string) =>
  navigation.state === "submitting" && navigation.formData?.get("intent") === intent;

export function InviteForm({ forms, lastResult }: { forms: FormOption[]; lastResult: LastResult }) {
  const navigation = useNavigation();
  const [form, fields] = useZodForm(teamInvitationSchema, { id: "team-invite", lastResult, defaultValue: { role: "reviewer" } });
  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold">Invite a member</h2>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="invite" />
        <FormErrors errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField field={fields.email} type="email" label="Email" autoComplete="off" />
          <ChoiceField field={fields.role} label="Role" placeholder="Choose a role" options={ROLE_OPTIONS} />
        </div>
        <FormScope name={fields.event_form_ids.name} forms={forms} checked={[]} errors={fields.event_form_ids.errors} />
        <Button type="submit" pending={pending(navigation, "invite")}>
          Send invitation
        </Button>
      </Form>
    </Card>
  );
}

export function MemberForm({ member, forms, lastResult }: { member: TeamMemberView; forms: FormOption[]; lastResult: LastResult }) {
  const navigation = useNavigation();
  const [form, fields] = useZodForm(teamMemberUpdateSchema, {
    id: `team-member-${member.user_id}`,
    lastResult,
    defaultValue: { role: member.role },
  });
  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold">Change {member.name}&apos;s role</h2>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="user_id" value={member.user_id} />
        <FormErrors errors={form.errors} />
        <ChoiceField field={fields.role} label="Role" placeholder="Choose a role" options={ROLE_OPTIONS} />
        <FormScope
          name={fields.event_form_ids.name}
          forms={forms}
          checked={member.event_form_ids ?? []}
          errors={fields.event_form_ids.errors}
        />
        <div className="flex gap-2">
          <Button type="submit" pending={pending(navigation, "update")}>
            Save role
          </Button>
          <InAppLink to="/team" className={buttonClass("ghost")}>
            Cancel
          </InAppLink>
        </div>
      </Form>
    </Card>
  );
}

export function TransferForm({ members, lastResult }: { members: TeamMemberView[]; lastResult: LastResult }) {
  const navigation = useNavigation();
  const [form, fields] = useZodForm(ownershipTransferSchema, { id: "team-transfer", lastResult });
  if (!members.length) return null;
  return (
    <Card>
      <h2 className="mb-1 text-lg font-semibold">Transfer ownership</h2>
      <p className="mb-4 text-sm text-slate-600">The new owner may do everything you may; you stay on as an admin.</p>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="transfer" />
        <FormErrors errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <ChoiceField
            field={fields.user_id}
            label="New owner"
            placeholder="Choose a member"
            options={members.map((member) => ({ value: member.user_id, label: `${member.name} (${member.email})` }))}
          />
          <InputField field={fields.current_password} type="password" label="Your current password" autoComplete="current-password" />
        </div>
        <Button type="submit" variant="danger" pending={pending(navigation, "transfer")}>
          Transfer ownership
        </Button>
      </Form>
    </Card>
  );
}
