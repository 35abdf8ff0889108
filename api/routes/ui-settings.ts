import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { findAirline } from "../auth/tenant";
import { HttpError } from "../http/errors";
import { ErrorSchema } from "../http/schemas";
import { AirlineUiSettingSchema, airlineUiSetting, companyUiSettings, CompanyUiSettingsSchema } from "../companies/ui-settings";

/** UI settings that gate screens: the current company's, and any airline's by code. */
export const uiSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/v3/companies/ui_settings",
    {
      schema: {
        tags: ["companies"],
        summary: "UI settings of the current company on this tenant",
        response: { 200: CompanyUiSettingsSchema },
      },
    },
    async (request) => companyUiSettings(app.deps.db, request.auth),
  );

  app.get(
    "/api/v3/airlines/:carrier/ui_setting",
    {
      schema: {
        tags: ["airlines"],
        summary: "An airline's UI settings",
        params: z.object({ carrier: z.string().min(1) }),
        response: { 200: AirlineUiSettingSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const airline = await findAirline(app.deps.db, request.params.carrier);
      if (!airline) throw new HttpError(404, { error: "Airline not found" });
      return airlineUiSetting(airline);
    },
  );
};
