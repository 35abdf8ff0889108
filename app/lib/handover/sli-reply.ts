/**
 * What the shipment page's action answers a refused answer to a shipper's letter with: the values as posted and the
 * errors as i18n keys (`form`: above the fields). The answer dialog opens again from it.
 */
export interface SliReply {
  values: { decision?: string; info?: string };
  errors: { decision?: string; info?: string; form?: string };
}
