import { Alert } from "~/lib/mantine/Alert";
import { Button } from "~/components/plain/button";
import { Fieldset } from "~/lib/mantine/Fieldset";
import { Group } from "~/components/plain/group";
import { SimpleGrid } from "~/lib/mantine/SimpleGrid";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { Title } from "~/components/plain/title";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** The pieces every settings create/edit page is made of: a title, sections of fields, form errors, Save/Cancel. */

export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <Group justify="space-between" align="center">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </Group>
  );
}

export function FormSection({ legend, children, cols = 3 }: { legend: ReactNode; children: ReactNode; cols?: number }) {
  return (
    <Fieldset legend={legend} radius="md">
      <SimpleGrid cols={{ base: 1, sm: Math.min(cols, 2), lg: cols }} spacing="md" verticalSpacing="sm">
        {children}
      </SimpleGrid>
    </Fieldset>
  );
}

/** Form-level errors (i18n keys like "agreements:exists", or the server's own text). */
export function FormErrors({ errors }: { errors?: string[] }) {
  const { t } = useTranslation(["errors", "common"]);
  if (!errors?.length) return null;
  return (
    <Alert color="red" role="alert" data-testid="form-errors">
      <Stack gap={2}>
        {errors.map((e) => (
          <Text key={e} size="sm">
            {e.includes(":") && !e.includes(" ") ? t(e) : e}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

/** Cancel (a link back, so it works without JavaScript) and submit; dialogs pass their own wording and colour. */
export function FormActions({
  cancelHref,
  submitTestId = "form-submit",
  submitLabel,
  cancelLabel,
  submitColor,
}: {
  cancelHref: string;
  submitTestId?: string;
  submitLabel?: ReactNode;
  cancelLabel?: ReactNode;
  submitColor?: string;
}) {
  const { t } = useTranslation("common");
  return (
    <Group justify="flex-end">
      <Button component={Link} to={cancelHref} variant="default">
        {cancelLabel ?? t("actions.cancel")}
      </Button>
      <Button type="submit" color={submitColor} data-testid={submitTestId}>
        {submitLabel ?? t("actions.save")}
      </Button>
    </Group>
  );
}

/** A read-only "label: value" pair inside a section. */
export function ReadOnlyValue({ label, value, testId }: { label: ReactNode; value: ReactNode; testId?: string }) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Text size="sm">{value === null || value === undefined || value === "" ? "—" : value}</Text>
    </Stack>
  );
}
