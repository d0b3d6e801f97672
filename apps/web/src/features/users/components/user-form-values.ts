import type { Role, User } from '@crm/domain';

/** What the user form's inputs hold. */
export interface UserFormValues {
  firstName: string;
  surname: string;
  /** As the phone input gives it, e.g. "+905321234567". */
  phone: string;
  email: string;
  password: string;
  role: Role;
  isActive: 'true' | 'false';
}

export type UserFormField = keyof UserFormValues;

export const USER_FORM_FIELDS: readonly UserFormField[] = [
  'firstName',
  'surname',
  'phone',
  'email',
  'password',
  'role',
  'isActive',
];

/** 000 §2.8: a new user is a user, active. */
export const NEW_USER_VALUES: UserFormValues = {
  firstName: '',
  surname: '',
  phone: '',
  email: '',
  password: '',
  role: 'user',
  isActive: 'true',
};

/** Form values of a stored user; the password stays blank (blank keeps the current one). */
export function valuesFromUser(user: Partial<User>): UserFormValues {
  const [first = '', ...rest] = (user.name ?? '').split(' ');
  return {
    firstName: user.firstName ?? first,
    surname: user.surname ?? rest.join(' '),
    phone: user.phone ? `+${user.phone.replace(/\D/g, '')}` : '',
    email: user.email ?? '',
    password: '',
    role: user.role === 'admin' ? 'admin' : 'user',
    isActive: user.isActive === false ? 'false' : 'true',
  };
}

/** The values in the shape the schemas read. */
export function formInput(values: UserFormValues) {
  return { ...values, isActive: values.isActive === 'true' };
}
