import type { SignedInUser } from "../auth/guard.server";
import { AIRLINE_CUSTOMER_FIELDS, airlineCustomerFormSchema, type AirlineCustomerForm } from "../forms/airline-customer-schema";
import { BAGGAGE_STAT_FIELDS, BaggageStatFormSchema, type BaggageStatForm } from "../forms/baggage-stat-schema";
import { HANDLER_FIELDS, HandlerFormSchema, type HandlerForm } from "../forms/handler-schema";
import { MESSAGE_SETTING_FIELDS, messageSettingFieldOf, messageSettingFormSchema, type MessageSettingForm } from "../forms/message-setting-schema";
import { PERMITTED_ROUTE_FIELDS, PermittedRouteFormSchema, type PermittedRouteForm } from "../forms/permitted-route-schema";
import { referenceErrors, type Translate } from "../forms/settings-form.server";
import { BAGGAGE_FAILURE_MESSAGES, baggageAirportErrors } from "./baggage-stat-action.server";
import { ROUTE_FAILURE_MESSAGES, routeAirportErrors } from "./permitted-route-action.server";
import { isPlatformUser } from "./settings-user.server";

// A resource's create page and edit page post the same form: its schema, the codes looked up in the reference
// lists and how a refusal reads are said once here, per resource. Each page adds its own upstream call and what
// follows a save (`saveForm`).

export function handlerForm(user: SignedInUser, t: Translate) {
  return {
    schema: HandlerFormSchema,
    check: (v: HandlerForm) => referenceErrors(user, t, [{ field: "location", kind: "airports", codes: v.location, message: "handlers:unknownStation" }]),
    messages: { fields: HANDLER_FIELDS, exists: { key: "handlers:exists", field: "location" } },
  };
}

/** The tax id is required where the airline says so. */
export function airlineCustomerForm(user: SignedInUser, t: Translate) {
  return {
    schema: airlineCustomerFormSchema(user.access.ui.tax_id_required === true),
    check: (v: AirlineCustomerForm) =>
      referenceErrors(user, t, [{ field: "country_code", kind: "countries", codes: v.country_code, message: "customers:unknownCountry" }]),
    messages: { fields: AIRLINE_CUSTOMER_FIELDS, exists: { key: "customers:exists", field: "name" } },
  };
}

export function baggageStatForm(user: SignedInUser, t: Translate) {
  return {
    schema: BaggageStatFormSchema,
    check: (v: BaggageStatForm) => baggageAirportErrors(user, t, v),
    messages: { fields: BAGGAGE_STAT_FIELDS, ...BAGGAGE_FAILURE_MESSAGES },
  };
}

export function permittedRouteForm(user: SignedInUser, t: Translate) {
  return {
    schema: PermittedRouteFormSchema,
    check: (v: PermittedRouteForm) => routeAirportErrors(user, t, v),
    messages: { fields: PERMITTED_ROUTE_FIELDS, ...ROUTE_FAILURE_MESSAGES },
  };
}

/** The side whose telegram types a message setting may have (spec 2 §9): platform staff's or an airline's. */
export const sendingSide = (user: SignedInUser) => (isPlatformUser(user) ? "platform" : "airline") as "platform" | "airline";

/** A message setting: the rules of the user's side; an address refused by the API stands beside its list. */
export function messageSettingForm(user: SignedInUser, t: Translate) {
  return {
    schema: messageSettingFormSchema(sendingSide(user)),
    check: (v: MessageSettingForm) => referenceErrors(user, t, [{ field: "station", kind: "airports", codes: v.station, message: "message-settings:unknownStation" }]),
    messages: { fields: MESSAGE_SETTING_FIELDS, rename: messageSettingFieldOf },
  };
}
