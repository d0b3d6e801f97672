import { createUserSchema, updateUserSchema } from '@crm/domain';
import { Button, Card, Group, LoadingOverlay } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useFocusFirstError } from '../../../lib/focus-first-error';
import { type FieldErrors, issuesToFieldErrors, pickFieldErrors } from '../../../lib/form-errors';
import { useLeaveGuard } from '../../../lib/unsaved-changes';
import type { UserPayload } from '../api/users-api';
import { UserFormFields } from './user-form-fields';
import { formInput, USER_FORM_FIELDS, type UserFormField, type UserFormValues } from './user-form-values';

interface UserFormProps {
  mode: 'create' | 'edit';
  initialValues: UserFormValues;
  /** Shows the values while the real record loads, without letting them be edited. */
  loading?: boolean;
  /** Saves; resolves to the server's field messages when it refused the values. */
  onSubmit: (body: UserPayload) => Promise<Record<string, string> | undefined>;
}

export function UserForm({ mode, initialValues, loading = false, onSubmit }: UserFormProps) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors<UserFormField>>({});
  const [saving, setSaving] = useState(false);
  const { ref, focusFirstError } = useFocusFirstError();
  const leave = useLeaveGuard(!loading && JSON.stringify(values) !== JSON.stringify(initialValues));

  const change = <K extends UserFormField>(field: K, value: UserFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = formInput(values);
    const parsed = mode === 'create' ? createUserSchema.safeParse(input) : updateUserSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(pickFieldErrors(issuesToFieldErrors(parsed.error.issues), USER_FORM_FIELDS));
      focusFirstError();
      return;
    }
    setSaving(true);
    const serverErrors = await leave.saving(onSubmit(parsed.data));
    if (serverErrors) {
      setErrors(pickFieldErrors(serverErrors, USER_FORM_FIELDS));
      focusFirstError();
      setSaving(false);
    }
  };

  return (
    <Card withBorder radius="lg" padding="xl" pos="relative" maw={860}>
      <LoadingOverlay visible={loading} zIndex={10} overlayProps={{ blur: 1 }} />
      <form ref={ref} onSubmit={submit} noValidate>
        <fieldset disabled={loading} style={{ border: 0, padding: 0, margin: 0 }}>
          <UserFormFields mode={mode} values={values} errors={errors} onChange={change} />
          <Group justify="flex-end" gap="sm" mt="xl">
            <Button component={Link} to="/users" variant="default">
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </fieldset>
      </form>
    </Card>
  );
}
