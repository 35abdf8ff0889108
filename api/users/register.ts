import { eq } from "drizzle-orm";
import type { ApiDeps } from "../deps";
import { users } from "../db/schema";
import { hashPassword } from "../auth/passwords";
import { isUniqueViolation, refusal } from "../http/errors";
import { addError, isEmail, normalizeEmail, passwordErrors, type FieldErrors } from "./rules";

export interface Registration {
  email: string;
  password: string;
  password_confirmation?: string;
  firstname?: string;
  lastname?: string;
  phone?: string;
}

/** Self sign-up. The new user belongs to no company until an admin adds them to one. */
export async function registerUser(
  deps: ApiDeps,
  input: Registration,
): Promise<{ ok: true; id: number; email: string } | { ok: false; errors: FieldErrors }> {
  const email = normalizeEmail(input.email);
  const errors: FieldErrors = {};
  if (!email) addError(errors, "email", "blank");
  else if (!isEmail(email)) addError(errors, "email", "invalid_email");
  else if ((await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1)).length) {
    addError(errors, "email", "taken");
  }
  passwordErrors(input.password, input.password_confirmation, errors);
  if (!input.firstname?.trim()) addError(errors, "firstname", "blank");
  if (!input.lastname?.trim()) addError(errors, "lastname", "blank");
  if (Object.keys(errors).length) return { ok: false, errors };

  try {
    const [user] = await deps.db
      .insert(users)
      .values({
        email,
        password_hash: await hashPassword(input.password),
        firstname: input.firstname!.trim(),
        lastname: input.lastname!.trim(),
        phone: input.phone?.trim() || null,
      })
      .returning({ id: users.id, email: users.email });
    return { ok: true, ...user! };
  } catch (err) {
    // Two sign-ups with one e-mail racing past the check above: the unique index decides.
    if (isUniqueViolation(err)) return { ok: false, errors: { email: [refusal("taken")] } };
    throw err;
  }
}
