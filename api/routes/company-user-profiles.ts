import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { Id, IdParams, SearchTerm, Text, TEXT_MAX } from "../http/input";
import { MAX_LIST_ITEMS } from "../../cargo/limits";
import {
  companyManagedBy,
  createUserProfile,
  deleteUserProfile,
  getUserProfile,
  listUserProfiles,
  updateUserProfile,
  UserProfileRecordSchema,
} from "../companies/user-profiles";
import { ROLES } from "../db/tables/enums";
import { pageOf, PageQuerySchema } from "../http/pagination";
import { ErrorSchema, FormBoolean, StationCode } from "../http/schemas";

const CompanyParams = IdParams;
const ProfileParams = CompanyParams.extend({ pid: Id() });

const ProfileFieldsSchema = z.object({
  description: Text(TEXT_MAX.text).nullable().optional(),
  role: z.enum(ROLES).optional(),
  blocked: FormBoolean.optional(),
  stations_allowed: z.array(StationCode).max(MAX_LIST_ITEMS).optional().describe("empty: every station"),
  stations_denied: z.array(StationCode).max(MAX_LIST_ITEMS).optional().describe("empty: none"),
});

const errors = { 404: ErrorSchema, 422: ErrorSchema };
const tags = ["company users"];

/** A company's users, managed by that company's admins and by platform staff. */
export const companyUserProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = "/api/v3/companies/:id/user_profiles";

  app.get(
    base,
    {
      schema: {
        tags,
        summary: "List the company's user profiles (q: part of the e-mail)",
        params: CompanyParams,
        querystring: PageQuerySchema.extend({ q: SearchTerm() }),
        response: { 200: pageOf(UserProfileRecordSchema), ...errors },
      },
    },
    async (request) => {
      const company = await companyManagedBy(app.deps.db, request.auth, request.params.id);
      const { page, per_page, q } = request.query;
      return listUserProfiles(app.deps.db, company.id, { page, perPage: per_page, q });
    },
  );

  app.get(
    `${base}/:pid`,
    { schema: { tags, summary: "One user profile", params: ProfileParams, response: { 200: UserProfileRecordSchema, ...errors } } },
    async (request) => {
      const company = await companyManagedBy(app.deps.db, request.auth, request.params.id);
      return getUserProfile(app.deps.db, company.id, request.params.pid);
    },
  );

  app.post(
    base,
    {
      schema: {
        tags,
        summary: "Add a user (by e-mail) to the company; a new e-mail creates the user and mails an invitation",
        params: CompanyParams,
        body: z.object({ user_profile: ProfileFieldsSchema.extend({ email: Text(TEXT_MAX.name) }) }),
        response: { 201: UserProfileRecordSchema, ...errors },
      },
    },
    async (request, reply) => {
      const company = await companyManagedBy(app.deps.db, request.auth, request.params.id);
      const record = await createUserProfile(app.deps, company.id, request.body.user_profile);
      return reply.code(201).send(record);
    },
  );

  app.patch(
    `${base}/:pid`,
    {
      schema: {
        tags,
        summary: "Change a user profile's role, description, block flag or stations",
        params: ProfileParams,
        body: z.object({ user_profile: ProfileFieldsSchema }),
        response: { 200: UserProfileRecordSchema, ...errors },
      },
    },
    async (request) => {
      const company = await companyManagedBy(app.deps.db, request.auth, request.params.id);
      return updateUserProfile(app.deps, company.id, request.params.pid, request.body.user_profile, { user_id: request.auth.user.id });
    },
  );

  app.delete(
    `${base}/:pid`,
    {
      schema: { tags, summary: "Remove a user from the company", params: ProfileParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const company = await companyManagedBy(app.deps.db, request.auth, request.params.id);
      await deleteUserProfile(app.deps.db, company.id, request.params.pid, { user_id: request.auth.user.id });
      return reply.code(204).send();
    },
  );
};
