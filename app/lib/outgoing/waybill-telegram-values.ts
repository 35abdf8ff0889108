// What a waybill's FWB and FHL pages and their server half share (waybill-telegram-page.server.ts): the browser's
// bundle replaces a .server module with an empty one, so the names the page's forms and links use live here.

/** The search params of each list's page: the telegrams sent, and those received. */
export const SENT_PAGE = "sent_page";
export const RECEIVED_PAGE = "received_page";

/** The send form's posted intent. */
export const WAYBILL_TELEGRAM_SEND_INTENT = "send";
