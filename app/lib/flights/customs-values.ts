// The flight page's customs tabs (issue 23; spec 3 §7 segments/{id}/aci, /placi, /aci_statuses, /csn_list,
// /mrn_list.xlsx): plain values shared by the route, its server helpers and the tab components. ACI is the advance
// cargo information filed with customs (and its PLACI before loading), with the statuses of what was filed; CSN the
// customs status notification of the waybills the flight carries under their MRN.

export const CUSTOMS_TABS = ["aci", "csn"] as const;
export type CustomsTab = (typeof CUSTOMS_TABS)[number];

export const isCustomsTab = (tab: string): tab is CustomsTab => (CUSTOMS_TABS as readonly string[]).includes(tab);

/** The flight page's intents that file the ACI or the PLACI, and send the CSN of the waybills ticked. */
export const FILE_ACI_INTENT = "file_aci";
export const FILE_PLACI_INTENT = "file_placi";
export const SEND_CSN_INTENT = "send_csn";
export const CUSTOMS_INTENTS = [FILE_ACI_INTENT, FILE_PLACI_INTENT, SEND_CSN_INTENT] as const;
export type CustomsIntent = (typeof CUSTOMS_INTENTS)[number];

/** The waybills one CSN form posts at most: the API's csn_list limit (a page of the tab holds far fewer). */
export const CSN_FORM_MAX = 500;
