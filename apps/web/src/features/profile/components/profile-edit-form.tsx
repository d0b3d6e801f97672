import { authMessages, type User, updateProfileSchema } from '@crm/domain';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { errorMessage, fieldErrorsOf } from '../../../lib/api-error';
import { useFocusFirstError } from '../../../lib/focus-first-error';
import { type FieldErrors, issuesToFieldErrors, pickFieldErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useLeaveGuard } from '../../../lib/unsaved-changes';
import { updateProfile } from '../api/update-profile';

type ProfileField = 'name' | 'email';
const FIELDS: readonly ProfileField[] = ['name', 'email'];

interface ProfileEditFormProps {
  user: User;
  onSaved: (user: User) => void;
  onCancel: () => void;
}

export function ProfileEditForm({ user, onSaved, onCancel }: ProfileEditFormProps) {
  const [values, setValues] = useState<Record<ProfileField, string>>({ name: user.name, email: user.email });
  const [errors, setErrors] = useState<FieldErrors<ProfileField>>({});
  const [saving, setSaving] = useState(false);
  const { ref, focusFirstError } = useFocusFirstError();
  const leave = useLeaveGuard(values.name !== user.name || values.email !== user.email);

  const change = (field: ProfileField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = updateProfileSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(pickFieldErrors(issuesToFieldErrors(parsed.error.issues), FIELDS));
      focusFirstError();
      return;
    }
    setSaving(true);
    try {
      const saved = await leave.saving(updateProfile(parsed.data));
      toast.success(authMessages.profileUpdated);
      onSaved(saved);
    } catch (error) {
      setErrors(pickFieldErrors(fieldErrorsOf(error), FIELDS));
      focusFirstError();
      toast.error(errorMessage(error, authMessages.profileUpdateFailed));
      setSaving(false);
    }
  };

  return (
    <form ref={ref} onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Name"
          name="name"
          autoComplete="name"
          value={values.name}
          error={errors.name}
          onChange={(event) => change('name', event.currentTarget.value)}
        />
        <TextInput
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          error={errors.email}
          onChange={(event) => change('email', event.currentTarget.value)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
