import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Alert } from "~/lib/mantine/Alert";
import { Anchor } from "~/components/plain/anchor";
import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { Input } from "~/lib/mantine/Input";
import { List } from "~/lib/mantine/List";
import { Paper } from "~/components/plain/paper";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { TextInput } from "~/components/plain/text-input";
import { Title } from "~/components/plain/title";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CsrfInput } from "~/components/form-guards";
import { translateMessage, useFieldError } from "~/components/fields/fields";
import { UploadFormSchema } from "~/lib/forms/upload-schema";
import type { UploadRowError } from "~/lib/upstream/uploads.server";

export interface UploadActionData {
  form: "upload";
  reply: SubmissionResult<string[]>;
  /** Every row the server refused, with its reason as sent. */
  rows: UploadRowError[];
}

export const isUploadData = (data: unknown): data is UploadActionData =>
  Boolean(data && typeof data === "object" && (data as { form?: string }).form === "upload");

/** "Templates: XLSX CSV": the two downloads of an upload's template resource route (`?format=` added to `href`). */
export function TemplateLinks({ href, testIdPrefix = "" }: { href: string; testIdPrefix?: string }) {
  const { t } = useTranslation("uploads");
  return (
    <Group gap="sm" data-testid={`${testIdPrefix}templates`}>
      <Text size="sm">{t("templates")}:</Text>
      <Anchor href={`${href}?format=xlsx`} download size="sm" data-testid={`${testIdPrefix}template-xlsx`}>
        XLSX
      </Anchor>
      <Anchor href={`${href}?format=csv`} download size="sm" data-testid={`${testIdPrefix}template-csv`}>
        CSV
      </Anchor>
    </Group>
  );
}

/**
 * Upload of a statistics list from XLSX or CSV, with its two templates (issue 3 "Uploads"): all rows or none.
 * A refused file lists every bad row (row number, column, the server's reason) and says nothing was stored.
 */
export function UploadPanel({
  templateHref,
  lastResult,
  showCarrier,
  defaultCarrier,
}: {
  /** The template resource route; `?format=xlsx|csv` is added. */
  templateHref: string;
  lastResult?: UploadActionData;
  showCarrier: boolean;
  defaultCarrier: string;
}) {
  const { t } = useTranslation(["uploads", "common"]);
  const fieldError = useFieldError();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "upload",
    lastResult: lastResult?.reply,
    constraint: getZodConstraint(UploadFormSchema),
    shouldValidate: "onSubmit",
    defaultValue: { carrier: defaultCarrier },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: UploadFormSchema }),
  });
  const rows = lastResult?.rows ?? [];
  const badRows = new Set(rows.map((r) => r.row)).size;
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "upload";

  return (
    <Paper withBorder p="md" radius="md" data-testid="upload-panel">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4">
              {t("title")}
            </Title>
            <Text size="sm" c="dimmed">
              {t("hint")}
            </Text>
          </div>
          <TemplateLinks href={templateHref} />
        </Group>
        {rows.length ? (
          <Alert color="red" role="alert" title={t("rejected", { count: badRows })} data-testid="upload-errors">
            <Text size="sm" mb="xs">
              {t("nothingStored")}
            </Text>
            <List size="sm" spacing={2}>
              {rows.map((r, i) => (
                <List.Item key={`${r.row}-${r.field}-${i}`} data-testid="upload-error-row">
                  {t("rowError", { row: r.row, field: r.field ?? "—" })} {r.message}
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : form.errors?.length ? (
          <Alert color="red" role="alert" data-testid="upload-errors">
            {form.errors.map((e) => translateMessage(t, e)).join(" ")} {t("nothingStored")}
          </Alert>
        ) : null}
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate>
          <CsrfInput />
          <input type="hidden" name="intent" value="upload" />
          <Group align="flex-end" gap="sm">
            {showCarrier ? (
              <TextInput {...getInputProps(fields.carrier, { type: "text" })} key={fields.carrier.key} label={t("carrier")} w={120} error={fieldError(fields.carrier)} />
            ) : null}
            {/* the input's id for the wrapper: its label and error then name the input, as conform's aria-describedby expects */}
            <Input.Wrapper id={fields.file.id} label={t("file")} error={fieldError(fields.file)} required>
              <input
                {...getInputProps(fields.file, { type: "file" })}
                key={fields.file.key}
                accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
                data-testid="upload-file"
                style={{ display: "block", paddingTop: 6 }}
              />
            </Input.Wrapper>
            <Button type="submit" loading={busy} data-testid="upload-submit">
              {t("submit")}
            </Button>
          </Group>
        </Form>
      </Stack>
    </Paper>
  );
}
