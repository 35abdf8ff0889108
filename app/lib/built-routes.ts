/**
 * Route patterns whose pages exist in this build. The sidebar and section redirects show only these;
 * an issue that adds a page adds its pattern here (the access requirement is already in the table).
 */
export const BUILT_ROUTES: ReadonlySet<string> = new Set([
  "/dashboard/profile",
  "/dashboard/settings",
  // offers of issue 24 (the booking search /dashboard/offers/select is further down)
  "/dashboard/offers", "/dashboard/offers/create", "/dashboard/offers/:id",
  "/dashboard/settings/users",
  // settings pages of issue 3, part A (agreements, companies, airline, handlers, airline customers)
  "/dashboard/settings/agreements",
  "/dashboard/settings/agreements/create",
  "/dashboard/settings/agreements/:id/edit",
  "/dashboard/settings/agent/agreements",
  "/dashboard/settings/handlers",
  "/dashboard/settings/handlers/create",
  "/dashboard/settings/handlers/:id/edit",
  "/dashboard/settings/airline-customers",
  "/dashboard/settings/airline-customers/create",
  "/dashboard/settings/airline-customers/:id/edit",
  "/dashboard/settings/companies",
  "/dashboard/settings/companies/create",
  "/dashboard/settings/companies/:id/edit",
  "/dashboard/settings/airline",
  // settings pages of issue 3, part B (parties, products, permitted routes, statistics, beneficiary state)
  "/dashboard/settings/permitted-routes", "/dashboard/settings/permitted-routes/create", "/dashboard/settings/permitted-routes/:id/edit",
  "/dashboard/settings/baggage-averages", "/dashboard/settings/baggage-stats/create", "/dashboard/settings/baggage-stats/:id/edit",
  "/dashboard/settings/pax-od-averages", "/dashboard/settings/segment-payloads",
  "/dashboard/settings/products", "/dashboard/settings/parties", "/dashboard/settings/parties/:id/edit", "/dashboard/settings/agent/parties",
  "/dashboard/settings/beneficiary-state",
  // AWB stocks of issue 10
  "/dashboard/settings/stocks", "/dashboard/settings/agent/stocks",
  // accounting information presets of issue 10
  "/dashboard/settings/accounting-presets",
  // flights of issue 4
  "/dashboard/flights/tabs", "/dashboard/flights/tabs/current", "/dashboard/flights/tabs/action_required",
  "/dashboard/flights/tabs/with_shipments", "/dashboard/flights/tabs/aci", "/dashboard/flights/tabs/all",
  "/dashboard/flights/create", "/dashboard/flights/:id", "/dashboard/flights/:id/edit",
  "/dashboard/flights/:flight/create-booking-rule", "/dashboard/flights/:segment/aircraft-capacity", "/dashboard/aircrafts/:aircraft",
  "/dashboard/settings/capacities", "/dashboard/settings/booking-rules", "/dashboard/settings/booking-rules/create",
  "/dashboard/settings/allotments", "/dashboard/settings/allotments/create",
  // air waybill create, shipment page and its edit pages of issue 10
  "/dashboard/air-waybills/create", "/dashboard/shipments/:mawb", "/dashboard/shipments/:mawb/edit-awb", "/dashboard/shipments/:mawb/edit-booking",
  // the waybill's FWB and FHL pages of issue 23
  "/dashboard/shipments/:mawb/fwb", "/dashboard/shipments/:mawb/fhl",
  // the waybill's billing page (rate lines and their explanation) of issue 24
  "/dashboard/shipments/:mawb/billing",
  // shipments lists (new and old page) and bookings of issue 10
  "/dashboard/air-waybills", "/dashboard/shipments", "/dashboard/bookings",
  // house waybills under a master of issue 11
  "/dashboard/air-waybills/:mawb/house-waybills/create", "/dashboard/air-waybills/:mawb/house-waybills/:id/edit",
  "/dashboard/air-waybills/void-requests",
  // postal receptacles of issue 11 (platform)
  "/dashboard/receptacles",
  // the agent view of the shipments list of issue 11 (staging, platform)
  "/dashboard/agent/air-waybills",
  // the forwarders' booking search (order selection) on a forwarder host
  "/dashboard/offers/select",
  // settings → messaging and the message settings' create and edit pages of issue 23
  "/dashboard/settings/messaging", "/dashboard/settings/message-settings/create", "/dashboard/settings/message-settings/:id/edit",
  // the messaging section's Cargo-IMP pages of issue 23
  "/dashboard/messaging", "/dashboard/messaging/cimp-telegrams", "/dashboard/messaging/cimp-telegrams/:id",
  "/dashboard/messaging/cimp", "/dashboard/messaging/cimp/:id/edit",
  // the outgoing telegrams and the platform's SITA form of issue 23
  "/dashboard/messaging/outgoing-messages", "/dashboard/messaging/outgoing-messages/:id", "/dashboard/messaging/sita",
  // its SSIM (schedules) and AHM (movements) pages
  "/dashboard/messaging/ssim-telegrams", "/dashboard/messaging/ssim-telegrams/:id", "/dashboard/messaging/ssim",
  "/dashboard/messaging/ahm-telegrams", "/dashboard/messaging/ahm-telegrams/:id",
  // the incoming messages (posted, or mailed to the SMTP receiver) of issue 23
  "/dashboard/messaging/messages", "/dashboard/messaging/messages/:id",
  // the tariffs section of issue 24
  "/dashboard/tariffs", "/dashboard/tariffs/external-tariffs", "/dashboard/tariffs/external-tariffs/create", "/dashboard/tariffs/external-tariffs/:id/edit",
  "/dashboard/tariffs/external-charges", "/dashboard/tariffs/external-charges/create", "/dashboard/tariffs/external-charges/:id/edit",
  "/dashboard/tariffs/external-surcharges", "/dashboard/tariffs/external-surcharges/create", "/dashboard/tariffs/external-surcharges/:id/edit",
]);
