import formbody from "@fastify/formbody";
import { and, eq, ne } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { Id } from "../http/input";
import { users, userProfiles } from "../db/schema";
import { LOCALES } from "../db/tables/enums";
import { notFound } from "../http/errors";
import { ErrorSchema } from "../http/schemas";
import { roleName } from "../profiles/access";
import { CurrentProfileSchema, currentProfile } from "../profiles/current-profile";
import { formBodyOptions } from "../http/request-limits";

const AvailableRoleSchema = z.object({
  id: z.number().int().describe("user profile id"),
  name: z.string().describe('"<type>_<role>"'),
  company_name: z.string(),
  company_short_name: z.string(),
  current: z.boolean(),
});

/** The signed-in user's own profile: read it, list and switch roles, change the interface language. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  // The locale switch is a plain HTML form in the BFF.
  await app.register(formbody, formBodyOptions);
  const tags = ["profiles"];

  app.get(
    "/api/v3/profiles/me",
    { schema: { tags, summary: "The current profile", response: { 200: CurrentProfileSchema } } },
    async (request) => currentProfile(app.deps.db, request.auth),
  );

  app.get(
    "/api/v3/profiles/available_roles",
    {
      schema: {
        tags,
        summary: "Profiles (company and role) the user may switch to on this tenant",
        response: { 200: z.array(AvailableRoleSchema) },
      },
    },
    async (request) =>
      request.auth.profiles.map((p) => ({
        id: p.profile.id,
        name: roleName(p),
        company_name: p.company.name,
        company_short_name: p.company.short_name,
        current: p.profile.id === request.auth.profile?.profile.id,
      })),
  );

  app.patch(
    "/api/v3/profiles/current_role",
    {
      schema: {
        tags,
        summary: "Switch the current company and role",
        body: z.object({ id: Id() }),
        response: { 200: CurrentProfileSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const { user, profiles } = request.auth;
      // Only the caller's own profiles usable on this tenant; anything else does not exist for them.
      const chosen = profiles.find((p) => p.profile.id === request.body.id);
      if (!chosen) throw notFound();
      await app.deps.db.transaction(async (tx) => {
        // Clear first: the partial unique index allows one current profile per user at any moment.
        await tx
          .update(userProfiles)
          .set({ current: false })
          .where(and(eq(userProfiles.user_id, user.id), ne(userProfiles.id, chosen.profile.id)));
        await tx.update(userProfiles).set({ current: true }).where(eq(userProfiles.id, chosen.profile.id));
      });
      return currentProfile(app.deps.db, { user, profile: chosen });
    },
  );

  app.patch(
    "/api/v3/profiles/locale",
    {
      schema: {
        tags,
        summary: "Change the interface language (en or ru)",
        body: z.object({ locale: z.enum(LOCALES) }),
        response: { 200: CurrentProfileSchema },
      },
    },
    async (request) => {
      const [user] = await app.deps.db
        .update(users)
        .set({ locale: request.body.locale })
        .where(eq(users.id, request.auth.user.id))
        .returning();
      return currentProfile(app.deps.db, { user: user!, profile: request.auth.profile });
    },
  );
};
