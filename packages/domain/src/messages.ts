/** Every user-facing text of the platform, exactly as the specification words it. */
export const userMessages = {
  firstNameRequired: 'First name is required',
  surnameRequired: 'Surname is required',
  phoneRequired: 'Phone is required',
  phoneLength: 'Phone must be 6–15 digits',
  emailRequired: 'Email is required',
  emailFormat: 'Invalid email format',
  emailTld: 'Email must include a valid top‑level domain',
  passwordRequired: 'Password is required',
  passwordLength: 'Password must be at least 6 characters',
  passwordTooCommon: 'This password is too common',
  roleInvalid: 'Role must be either admin or user',
  statusRequired: 'Status is required',
  emailTaken: 'A user with this email already exists',
  nameRequired: 'Name is required',
  cannotDeactivateSelf: 'You cannot deactivate your own account',
  userNotFound: 'User not found',
} as const;

export const authMessages = {
  loginFailed: 'Login failed',
  invalidCredentials: 'Invalid email or password',
  throttled: 'Too many failed login attempts. Please try again later.',
  sessionExpired: 'Session expired. Please log in again.',
  inactivityLogout: 'You have been logged out due to inactivity.',
  unauthenticated: 'Authentication required',
  forbidden: 'You do not have permission to do this',
  passwordFieldsEmpty: 'Please fill in all password fields.',
  passwordsDiffer: 'New passwords do not match.',
  currentPasswordWrong: 'Current password is incorrect',
  passwordUpdated: 'Password updated successfully!',
  passwordUpdateFailed: 'Failed to update password',
  profileUpdated: 'Profile updated successfully!',
  profileUpdateFailed: 'Failed to update profile',
} as const;

export const userScreenMessages = {
  loadUsersFailed: 'Failed to load users',
  loadUserFailed: 'Failed to load user',
  saveUserFailed: 'Failed to save user',
  userUpdated: 'User updated!',
  userCreated: 'User created successfully!',
  noUsers: 'No Users Found – Try searching or add a new user.',
  confirmToggle: (action: 'activate' | 'deactivate') => `Are you sure you want to ${action} this user?`,
  toggled: (action: 'activate' | 'deactivate') => `User ${action}d successfully`,
  toggleFailed: (action: 'activate' | 'deactivate') => `Error trying to ${action} user`,
} as const;
