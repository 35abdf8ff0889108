import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { Text, TEXT_MAX } from "../http/input";
import { refuseFields } from "../http/errors";
import { EmptyObjectSchema, ErrorSchema } from "../http/schemas";
import { requestPasswordReset, resetPassword } from "../users/password-reset";
import { registerUser } from "../users/register";

const tags = ["users"];

/** A new password and its confirmation, as a sign-up and a password reset send them (the rules check they match). */
const NewPassword = {
  password: Text(TEXT_MAX.name).default(""),
  password_confirmation: Text(TEXT_MAX.name).optional(),
};

/** Public account calls: self sign-up and the forgotten-password flow (no bearer token). */
export const userAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/v2/users/password",
    {
      schema: {
        tags,
        summary: "Request a password reset e-mail; 201 whether or not the e-mail is known",
        body: z.object({ user: z.object({ email: Text(TEXT_MAX.name), redirect_url: Text(TEXT_MAX.text).optional() }) }),
        response: { 201: EmptyObjectSchema },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(app.deps, request.body.user.email, request.body.user.redirect_url);
      return reply.code(201).send({});
    },
  );

  app.put(
    "/api/v2/users/password",
    {
      schema: {
        tags,
        summary: "Set a new password with a reset token",
        body: z.object({
          user: z.object({
            reset_password_token: Text(TEXT_MAX.name).default(""),
            ...NewPassword,
          }),
        }),
        response: { 204: z.null().describe("password changed"), 422: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { reset_password_token, password, password_confirmation } = request.body.user;
      const errors = await resetPassword(app.deps, { token: reset_password_token, password, confirmation: password_confirmation });
      if (errors) throw refuseFields(errors);
      return reply.code(204).send();
    },
  );

  app.post(
    "/api/v2/users",
    {
      schema: {
        tags,
        summary: "Register a user (without a company)",
        body: z.object({
          user: z.object({
            email: Text(TEXT_MAX.name).default(""),
            ...NewPassword,
            firstname: Text(TEXT_MAX.name).optional(),
            lastname: Text(TEXT_MAX.name).optional(),
            phone: Text(TEXT_MAX.name).optional(),
          }),
        }),
        response: { 201: z.object({ id: z.number().int(), email: z.string() }), 422: ErrorSchema },
      },
    },
    async (request, reply) => {
      const result = await registerUser(app.deps, request.body.user);
      if (!result.ok) throw refuseFields(result.errors);
      return reply.code(201).send({ id: result.id, email: result.email });
    },
  );
};
