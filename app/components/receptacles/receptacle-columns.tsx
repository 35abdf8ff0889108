import { Badge } from "~/components/plain/badge";
import { Text } from "~/components/plain/text";
import type { TFunction } from "i18next";
import type { Column } from "~/components/data/column";
import type { Receptacle } from "~/lib/upstream/receptacles.server";

// The columns a receptacle shows in both lists (the platform's /dashboard/receptacles and the flight's Receptacles
// tab): its UID, the offices of exchange, the mail category and dispatch, the weight, the flight and where it is now.

export function receptacleColumns(t: TFunction, formatWeight: (kg: number) => string, opts: { flight: boolean }): Column<Receptacle>[] {
  const columns: Column<Receptacle>[] = [
    { key: "uid", header: t("receptacles:fields.uid"), render: (r) => <Text ff="monospace" size="sm">{r.uid}</Text> },
    { key: "origin", header: t("receptacles:fields.origin"), render: (r) => r.post_office_origin },
    { key: "destination", header: t("receptacles:fields.destination"), render: (r) => r.post_office_destination },
    { key: "mail", header: t("receptacles:fields.mail"), render: (r) => `${t(`receptacles:categories.${r.mail_category}`)} · ${r.mail_subclass}` },
    { key: "dispatch", header: t("receptacles:fields.dispatch"), render: (r) => `${r.dispatch_number} / ${r.receptacle_number}` },
    { key: "weight", header: t("receptacles:fields.weight"), render: (r) => formatWeight(Number(r.weight)) },
  ];
  if (opts.flight) {
    columns.push({
      key: "flight",
      header: t("receptacles:fields.flight"),
      render: (r) => (r.segment ? `${r.segment.number_with_date} ${r.segment.origin_iata}–${r.segment.destination_iata}` : t("receptacles:noFlight")),
    });
  }
  columns.push({
    key: "status",
    header: t("receptacles:fields.status"),
    render: (r) => {
      const last = r.movements.filter((m) => !m.deactivated).at(-1);
      return r.status ? (
        <Badge variant="light" title={last ? `${last.location_iata} ${last.time_utc}` : undefined}>
          {r.status} {last?.location_iata ?? ""}
        </Badge>
      ) : (
        <Text size="sm" c="dimmed">
          {t("receptacles:accepted")}
        </Text>
      );
    },
  });
  return columns;
}
