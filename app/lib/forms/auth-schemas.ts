import { z } from "zod";

/**
 * Schemas of the public forms, shared by the browser (conform validates as you type) and the action
 * (authoritative). Messages are i18n keys in the `auth` namespace.
 */
const email = z.string({ required_error: "validation.required" }).trim().email("validation.email");
const password = z.string({ required_error: "validation.required" }).min(8, "validation.passwordMin");

export const SignInSchema = z.object({
  email,
  password,
  rememberMe: z.boolean().optional(),
  redirect: z.string().optional(),
});

export const RestoreSchema = z.object({ email });

export const PasswordEditSchema = z
  .object({
    token: z.string({ required_error: "passwordEdit.missingToken" }),
    password,
    confirmation: z.string({ required_error: "validation.required" }),
  })
  .refine((v) => v.password === v.confirmation, { path: ["confirmation"], message: "validation.passwordConfirmation" });

export const RegisterSchema = z
  .object({
    email,
    firstname: z.string({ required_error: "validation.required" }).trim().max(100),
    lastname: z.string({ required_error: "validation.required" }).trim().max(100),
    phone: z.string().trim().max(25).optional(),
    password,
    confirmation: z.string({ required_error: "validation.required" }),
  })
  .refine((v) => v.password === v.confirmation, { path: ["confirmation"], message: "validation.passwordConfirmation" });
