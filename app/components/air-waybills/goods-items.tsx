import { Alert } from "~/lib/mantine/Alert";
import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { List } from "~/lib/mantine/List";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CsrfInput } from "~/components/form-guards";
import { translateMessage } from "~/components/fields/fields";
import { TemplateLinks } from "~/components/settings/upload-panel";
import { goodsItemsRoute, type GoodsRefusal } from "~/lib/goods-items/goods-upload";
import type { GoodsItem } from "~/lib/upstream/air-waybills.server";
import { Rows } from "./shipment-sections";

// The waybill's goods items on the shipment page (issue 11): the list, and for whoever may edit the waybill the upload
// that replaces it from XLSX or CSV (all rows or none) with the two templates. The form posts multipart to the
// goods-items route: with JavaScript through a fetcher (a refusal shows here, a success reloads the page with its
// notice); without it the browser lands on that route's page, which shows the same form and the refused rows.

export function GoodsItemsTable({ items }: { items: GoodsItem[] }) {
  const { t } = useTranslation("awb");
  const dash = (v: string | number | null) => (v === null || v === "" ? "—" : v);
  return (
    <Rows
      testId="goods-items"
      head={[t("goodsItems.description"), t("goodsItems.hs_code"), t("goodsItems.marks"), t("goodsItems.packing"), t("goodsItems.pieces"), t("goodsItems.weight")]}
      rows={items.map((g) => [dash(g.description), dash(g.hs_code), dash(g.marks), dash(g.packing), dash(g.pieces), dash(g.weight)])}
      empty={t("goodsItems.empty")}
    />
  );
}

/** The refused rows, each with its row number, column and reason in the reader's language. */
function RefusedRows({ rows }: { rows: GoodsRefusal["rows"] }) {
  const { t } = useTranslation(["uploads", "awb"]);
  const badRows = new Set(rows.map((r) => r.row)).size;
  return (
    <Alert color="red" role="alert" title={t("uploads:rejected", { count: badRows })} data-testid="goods-upload-errors">
      <Text size="sm" mb="xs">
        {t("uploads:nothingStored")}
      </Text>
      <List size="sm" spacing={2}>
        {rows.map((r, i) => (
          <List.Item key={`${r.row}-${r.field}-${i}`} data-testid="goods-upload-error-row">
            {t("uploads:rowError", { row: r.row, field: t(`awb:goodsItems.columns.${r.field}`, { defaultValue: r.field }) })} {translateMessage(t, r.message)}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

export function GoodsUploadForm({ mawb, refusal }: { mawb: string; refusal: GoodsRefusal | null }) {
  const fetcher = useFetcher<GoodsRefusal>();
  const { t } = useTranslation(["awb", "uploads", "errors"]);
  const shown = fetcher.data ?? refusal;
  const fileError = shown?.errors.file ? translateMessage(t, shown.errors.file) : null;
  return (
    <Stack gap="xs" data-testid="goods-upload">
      <Group justify="space-between" align="flex-start">
        <Text size="sm" c="dimmed" style={{ flex: "1 1 20rem" }}>
          {t("awb:goodsItems.hint")}
        </Text>
        <TemplateLinks href={`${goodsItemsRoute(mawb)}/template`} testIdPrefix="goods-" />
      </Group>
      {shown?.rows.length ? <RefusedRows rows={shown.rows} /> : null}
      <fetcher.Form method="post" action={goodsItemsRoute(mawb)} encType="multipart/form-data" data-testid="goods-upload-form">
        <CsrfInput />
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Stack gap={4} style={{ flex: "1 1 16rem" }}>
            <Text size="sm" fw={500} component="label" htmlFor="goods-file">
              {t("uploads:file")}
            </Text>
            <input
              id="goods-file"
              type="file"
              name="file"
              required
              accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
              aria-invalid={fileError ? true : undefined}
              aria-describedby={fileError ? "goods-file-error" : undefined}
            />
            {fileError ? (
              <Text id="goods-file-error" size="sm" c="red" role="alert" data-testid="goods-file-error" data-field-error="file">
                {fileError}
              </Text>
            ) : null}
          </Stack>
          <Button type="submit" size="sm" loading={fetcher.state !== "idle"} data-testid="goods-upload-submit">
            {t("awb:goodsItems.upload")}
          </Button>
        </Group>
      </fetcher.Form>
    </Stack>
  );
}
