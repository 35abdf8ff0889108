import { addRefusal, type FieldRefusals } from "../http/errors";
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

export type FieldErrors = FieldRefusals;
export const addError = addRefusal;

/** Password and confirmation checks; an omitted confirmation is not checked (Devise behaves so too). */
export function passwordErrors(password: string, confirmation: string | undefined, errors: FieldErrors = {}) {
  if (password.length === 0) addError(errors, "password", "blank");
  else if (password.length < PASSWORD_MIN) addError(errors, "password", "too_short", { min: PASSWORD_MIN });
  else if (password.length > PASSWORD_MAX) addError(errors, "password", "too_long", { max: PASSWORD_MAX });
  if (confirmation !== undefined && confirmation !== password) addError(errors, "password_confirmation", "password_confirmation");
  return errors;
}
