import { type SubmissionResult, getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { roleSchema } from "#schemas/access";
import { useZodForm } from "~/lib/use-zod-form";
import { Button } from "~/components/ui/button";
import { FieldErrors, FormErrors } from "~/components/ui/field";
import { InputField } from "~/components/ui/form-fields";

type LastResult = SubmissionResult<string[]> | null | undefined;

/** Name and permission ticks, for creating and editing a role. */
export function RoleForm({
  role,
  permissions,
  lastResult,
  nameLocked = false,
  submitLabel,
}: {
  role?: { name: string; permissions: string[] };
  permissions: { id: number; name: string }[];
  lastResult: LastResult;
  nameLocked?: boolean;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const [form, fields] = useZodForm(roleSchema, {
    lastResult,
    defaultValue: role ? { name: role.name } : undefined,
  });
  const granted = new Set(role?.permissions ?? []);
  return (
    <Form method="post" className="space-y-5" {...getFormProps(form)}>
      <FormErrors errors={form.errors} />
      <InputField
        field={fields.name}
        type="text"
        label="Name"
        readOnly={nameLocked}
        hint={nameLocked ? "Built-in roles keep their names." : undefined}
      />
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700">Permissions</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {permissions.map((permission) => (
            <label key={permission.id} className="flex items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm">
              <input type="checkbox" name="permissions" value={permission.name} defaultChecked={granted.has(permission.name)} />
              {permission.name}
            </label>
          ))}
        </div>
        <FieldErrors errors={fields.permissions.errors} />
      </fieldset>
      <Button type="submit" name="intent" value="save" pending={navigation.state === "submitting"}>
        {submitLabel}
      </Button>
    </Form>
  );
}
