import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ErrorSchema } from "../http/schemas";
import { airlineVisibleTo, CarrierParams } from "../settings/airlines";
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
        summary: "An airline's UI settings (an airline's user: only their own, as airlines/{carrier})",
        params: CarrierParams,
        response: { 200: AirlineUiSettingSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      return airlineUiSetting(await airlineVisibleTo(app.deps.db, request.auth.profile, request.params.carrier));
    },
  );
};
