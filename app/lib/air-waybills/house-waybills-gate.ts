import { tenantHasFeature } from "../access/can-access";
import type { AccessContext } from "../access/types";

/**
 * House waybills are a feature of some airlines' sites (spec 1 §6 "Feature gating": 2S, 4B, C6, U6, V0, Y3; the
 * houseWaybill list, replaceable by AIRLINES_HOUSE_WAYBILL). Platform staff have it everywhere.
 */
export function housesEnabled(access: AccessContext): boolean {
  return access.user?.type === "platform" || tenantHasFeature(access, "houseWaybill");
}

/** Whether the user may add, change or delete the house waybills under this master: the feature, and the master editable. */
export function mayEditHouses(access: AccessContext, awb: { actions: { edit: boolean } }): boolean {
  return housesEnabled(access) && awb.actions.edit;
}
