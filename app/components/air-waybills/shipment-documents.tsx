import { Alert } from "~/lib/mantine/Alert";
import { Anchor } from "~/components/plain/anchor";
import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { NativeSelect } from "~/lib/mantine/NativeSelect";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CsrfInput } from "~/components/form-guards";
import { DeleteRowForm } from "~/components/settings/row-actions";
import { ATTACHMENT_MAX_BYTES, DOC_TYPE_CHOICES } from "~/lib/attachments/attachment-form";
import { useFlightTime } from "~/components/flights/flight-time";
import { Rows, Section } from "./shipment-sections";

// The shipment page's Documents section (issue 11): the waybill's attachments with their type, name, size, who added
// them and when; a download link each; remove where the API says the user may; and the upload form.

export interface DocumentRow {
  id: number;
  doc: string;
  doc_type: string;
  byte_size: number;
  created_at: string;
  uploaded_by: string | null;
  removable: boolean;
}

export interface AttachRefusal {
  docType: string;
  errors: Record<string, string>;
}

const attachmentsRoute = (mawb: string) => `/dashboard/shipments/${mawb}/attachments`;

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Type and file; posts multipart to the attachments route (a fetcher with JS, a plain form without). */
export function AttachmentUploadForm({ mawb, refusal }: { mawb: string; refusal: AttachRefusal | null }) {
  const fetcher = useFetcher<AttachRefusal>();
  const { t } = useTranslation(["attachments", "errors"]);
  const shown = fetcher.data ?? refusal;
  const error = (field: string) => (shown?.errors[field] ? t(shown.errors[field]!, { max: ATTACHMENT_MAX_BYTES / 1024 / 1024 }) : undefined);
  return (
    <fetcher.Form method="post" action={attachmentsRoute(mawb)} encType="multipart/form-data" data-testid="attach-form">
      <CsrfInput />
      <Stack gap="xs">
        <Group align="flex-start" wrap="wrap" gap="sm">
          <NativeSelect
            name="doc_type"
            label={t("docType")}
            defaultValue={shown?.docType || "Invoice"}
            data={DOC_TYPE_CHOICES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
            error={error("doc_type")}
            style={{ flex: "1 1 12rem" }}
          />
          <Stack gap={4} style={{ flex: "2 1 16rem" }}>
            <Text size="sm" fw={500} component="label" htmlFor="attach-doc">
              {t("file")}
            </Text>
            <input id="attach-doc" type="file" name="doc" required aria-invalid={error("doc") ? true : undefined} aria-describedby="attach-doc-hint" />
            <Text id="attach-doc-hint" size="xs" c="dimmed">
              {t("fileHint", { max: ATTACHMENT_MAX_BYTES / 1024 / 1024 })}
            </Text>
            {error("doc") ? (
              <Text size="sm" c="red" role="alert" data-testid="attach-doc-error" data-field-error="doc">
                {error("doc")}
              </Text>
            ) : null}
          </Stack>
        </Group>
        <Group>
          <Button type="submit" size="sm" loading={fetcher.state !== "idle"} data-testid="attach-submit">
            {t("attach")}
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}

export function ShipmentDocuments({
  mawb,
  documents,
  mayAttach,
  timeZone,
}: {
  mawb: string;
  documents: { rows: DocumentRow[] | null; error: string | null };
  mayAttach: boolean;
  /** The waybill's origin zone: when a document was added, in local mode. */
  timeZone: string | null;
}) {
  const { t } = useTranslation(["attachments", "errors"]);
  const ft = useFlightTime();
  return (
    <div id="documents">
      <Section title={t("title")} testId="shipment-documents">
        {documents.rows ? (
          <Rows
            testId="documents"
            empty={t("empty")}
            head={[t("docType"), t("name"), t("size"), t("added"), ""]}
            rows={documents.rows.map((d) => [
              t(`types.${d.doc_type}`, { defaultValue: d.doc_type }),
              <Anchor key="file" href={`${attachmentsRoute(mawb)}/${d.id}`} download data-testid="document-link">
                {d.doc}
              </Anchor>,
              size(d.byte_size),
              `${ft.at(d.created_at, timeZone)}${d.uploaded_by ? ` · ${d.uploaded_by}` : ""}`,
              d.removable ? (
                <DeleteRowForm key="remove" id={d.id} action={attachmentsRoute(mawb)} confirmText={t("removeConfirm", { name: d.doc })} label={t("remove")} testId="document-remove" />
              ) : null,
            ])}
          />
        ) : (
          <Alert color="red">{t(`errors:${documents.error ?? "Undefined"}`)}</Alert>
        )}
        {mayAttach ? <AttachmentUploadForm mawb={mawb} refusal={null} /> : null}
      </Section>
    </div>
  );
}
