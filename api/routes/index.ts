import type { FastifyInstance } from "fastify";
import { authenticate } from "../auth/authenticate";
import { installIdempotency } from "../http/idempotency";
import { installInputGuard } from "../http/input-guard";
import { ErrorSchema } from "../http/schemas";
import { companyUserProfileRoutes } from "./company-user-profiles";
import { devOutboxRoutes } from "./dev-outbox";
import { notificationRoutes } from "./notifications";
import { oauthRoutes } from "./oauth";
import { profileRoutes } from "./profiles";
import { uiSettingsRoutes } from "./ui-settings";
import { referenceRoutes } from "../reference/routes";
import { agreementRoutes } from "../settings/agreements";
import { airlineCustomerRoutes } from "../settings/airline-customers";
import { airlineRoutes } from "../settings/airlines";
import { companyRoutes } from "../settings/companies";
import { handlerRoutes } from "../settings/handlers";
import { messageSettingRoutes } from "../settings/message-settings";
import { partyRoutes } from "../settings/parties";
import { permittedRouteCrud, permittedRouteExportRoutes } from "../settings/permitted-routes";
import { productCodeRoutes } from "../settings/product-codes";
import { statisticsRoutes } from "../settings/statistics";
import { userAccountRoutes } from "./user-accounts";
import { segmentRoutes } from "../flights/segments";
import { capacityRoutes } from "../flights/capacity";
import { allotmentRoutes } from "../flights/allotments";
import { bookingRuleRoutes } from "../flights/booking-rules";
import { tripRoutes } from "../flights/trips";
import { awbStockRoutes } from "../stocks/awb-stocks";
import { bookingRoutes } from "../bookings/routes";
import { airWaybillRoutes } from "../air-waybills/routes";
import { awbListRoutes } from "../air-waybills/list";
import { awbReportRoutes } from "../air-waybills/report";
import { documentRoutes } from "../documents/routes";
import { handlingRoutes } from "../handling/routes";
import { segmentMessageRoutes } from "../flights/segment-message-routes";
import { customsRoutes } from "../flights/customs-routes";
import { voidRequestRoutes } from "../void-requests/routes";
import { cimpTelegramRoutes } from "../telegrams/cimp-telegrams";
import { ahmTelegramRoutes, ssimTelegramRoutes } from "../telegrams/flight-telegrams";
import { outgoingRoutes } from "../outgoing/routes";
import { messageRoutes } from "../messages/routes";
import { houseWaybillRoutes } from "../house-waybills/routes";
import { offerRoutes } from "../offers/routes";
import { accountingPresetCrud, accountingPresetInUseRoutes } from "../accounting-presets/routes";
import { trackingRoutes } from "../tracking/routes";
import { attachmentRoutes } from "../attachments/routes";
import { goodsItemRoutes } from "../goods-items/routes";
import { receptacleRoutes } from "../receptacles/routes";
import { shipperLetterRoutes } from "../shipper-letters/routes";
import { receivedFigureRoutes } from "../received-figures/routes";
import { terminalRoutes } from "../terminal/routes";
import { billingGroupRoutes } from "../billing/groups";
import { chargeRoutes } from "../billing/charges";
import { surchargeRoutes } from "../billing/surcharges";
import { tariffRoutes } from "../billing/tariffs";
import { waybillRateRoutes } from "../billing/waybill-rates";
import { billingWorkbookRoutes } from "../billing/billing-workbook";
import { externalTariffRoutes } from "../billing/external-tariffs";
import { billingReportRoutes } from "../billing/billing-report";
import { identityProviderRoutes, identityProviderSignInRoutes } from "../settings/identity-provider";

/**
 * Every route of the API. Public routes first; everything registered inside `secured` needs a bearer
 * token and finds the caller in `request.auth`. New resources: add a plugin to `secured`.
 */
export async function registerRoutes(app: FastifyInstance) {
  // Before any route: a NUL byte or a huge string in body, query or path never reaches a schema or SQL.
  installInputGuard(app);
  await app.register(oauthRoutes);
  await app.register(userAccountRoutes);
  // Public track and trace (issue 11): no token, a per-address budget instead.
  await app.register(trackingRoutes);
  // How a tenant's staff sign in, for the sign-in page (issue 26): no token.
  await app.register(identityProviderSignInRoutes);

  // biome-ignore lint/nursery/noMisusedPromises: register has an async-plugin overload (FastifyPluginAsync, awaited by avvio); Biome checks against its first, callback one
  await app.register(async function secured(api) {
    api.addHook("onRoute", (route) => {
      // Document the bearer requirement and its 401 on every secured route without repeating it.
      route.schema = {
        ...route.schema,
        security: [{ bearerAuth: [] }],
        response: { 401: ErrorSchema, ...(route.schema?.response as object | undefined) },
      };
    });
    api.addHook("onRequest", authenticate);
    // A repeated POST/PUT/PATCH/DELETE with the same Idempotency-Key answers the first result (issue 12); after
    // authenticate, since keys belong to the signed-in user.
    installIdempotency(api);
    await api.register(profileRoutes);
    await api.register(uiSettingsRoutes);
    await api.register(notificationRoutes);
    await api.register(companyUserProfileRoutes);
    // Reference data and the settings section (issue 3); access rules in settings/access.ts.
    await api.register(referenceRoutes);
    await api.register(airlineRoutes);
    await api.register(companyRoutes);
    await api.register(agreementRoutes);
    await api.register(handlerRoutes);
    await api.register(messageSettingRoutes);
    await api.register(productCodeRoutes);
    await api.register(permittedRouteCrud);
    await api.register(permittedRouteExportRoutes);
    await api.register(airlineCustomerRoutes);
    await api.register(partyRoutes);
    await api.register(statisticsRoutes);
    // A tenant's own identity provider (issue 26)
    await api.register(identityProviderRoutes);
    // Flights (issue 4).
    await api.register(segmentRoutes);
    await api.register(capacityRoutes);
    await api.register(allotmentRoutes);
    await api.register(bookingRuleRoutes);
    await api.register(tripRoutes);
    // Air waybill number stock (issue 10)
    await api.register(awbStockRoutes);
    await api.register(bookingRoutes);
    await api.register(airWaybillRoutes);
    // The shipments list, its XLSX and e-mailed report (issue 10)
    await api.register(awbListRoutes);
    await api.register(awbReportRoutes);
    // The waybill's documents (PDF, labels), the CASS file and the sales report (issue 11)
    await api.register(documentRoutes);
    // Documents kept with a waybill (issue 11)
    await api.register(attachmentRoutes);
    // Goods items of a waybill and their upload (issue 11)
    await api.register(goodsItemRoutes);
    // Handling on the flight: receiving, build-up, departure and arrival, movements (issue 11)
    await api.register(handlingRoutes);
    // The flight's FBL, FFM and UWS, as text and as documents (issue 23)
    await api.register(segmentMessageRoutes);
    // The flight's customs filings: ACI, PLACI, CSN, the MRN list (issue 23)
    await api.register(customsRoutes);
    // Void requests and house waybills (issue 11)
    await api.register(voidRequestRoutes);
    await api.register(houseWaybillRoutes);
    // Offers: a forwarder's quotations, their rates, dimensions, document and waybills (issue 24)
    await api.register(offerRoutes);
    // Postal receptacles and the receptacles on a flight (issue 11)
    await api.register(receptacleRoutes);
    // The shipper's letter, declared against received figures, the terminal request (issue 11)
    await api.register(shipperLetterRoutes);
    await api.register(receivedFigureRoutes);
    await api.register(terminalRoutes);
    await api.register(tariffRoutes);
    await api.register(chargeRoutes);
    await api.register(surchargeRoutes);
    await api.register(billingGroupRoutes);
    await api.register(waybillRateRoutes);
    await api.register(billingWorkbookRoutes);
    await api.register(externalTariffRoutes);
    await api.register(billingReportRoutes);
    // Accounting information presets per airline (issue 10)
    await api.register(accountingPresetInUseRoutes);
    await api.register(accountingPresetCrud);
    // Telegrams received (issue 23)
    await api.register(cimpTelegramRoutes);
    // Telegrams sent: outgoing messages, a waybill's FWB and FHL, SITA texts (issue 23)
    await api.register(outgoingRoutes);
    await api.register(ssimTelegramRoutes);
    await api.register(ahmTelegramRoutes);
    // Messages received: posted, or e-mailed to the SMTP receiver (issue 23)
    await api.register(messageRoutes);
  });

  const { SMTP_URL, NODE_ENV } = app.deps.config;
  if (!SMTP_URL && NODE_ENV !== "production") await app.register(devOutboxRoutes);
}
