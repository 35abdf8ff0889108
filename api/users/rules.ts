// Devise's wording, because the BFF classifies password and registration failures by these texts (spec 3 §8).
export const MSG = {
  blank: "can't be blank",
  invalid: "is invalid",
  taken: "has already been taken",
  tooShort: "is too short (minimum is 8 characters)",
  tooLong: "is too long (maximum is 128 characters)",
  confirmation: "doesn't match Password",
} as const;

export const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

/** Devise's default e-mail check: something@something, no spaces. */
export const isEmail = (s: string) => /^[^@\s]+@[^@\s]+$/.test(s);

export const normalizeEmail = (s: string) => s.trim().toLowerCase();

export type FieldErrors = Record<string, string[]>;

export function addError(errors: FieldErrors, field: string, message: string) {
  (errors[field] ??= []).push(message);
}

/** Password and confirmation checks; an omitted confirmation is not checked (Devise behaves so too). */
export function passwordErrors(password: string, confirmation: string | undefined, errors: FieldErrors = {}) {
  if (password.length === 0) addError(errors, "password", MSG.blank);
  else if (password.length < PASSWORD_MIN) addError(errors, "password", MSG.tooShort);
  else if (password.length > PASSWORD_MAX) addError(errors, "password", MSG.tooLong);
  if (confirmation !== undefined && confirmation !== password) addError(errors, "password_confirmation", MSG.confirmation);
  return errors;
}
