import { Paper } from "~/components/plain/paper";
import { Stack } from "~/components/plain/stack";
import { Title } from "~/components/plain/title";
import type { ReactNode } from "react";

/**
 * A dialog drawn by the server from the URL (?dialog=new, ?edit=<id>), as on the users page: it opens, submits
 * and shows server errors with JavaScript off too. Closing is a link back to the list.
 */
export function DialogOverlay({ label, testId, children, width = 560 }: { label: string; testId: string; children: ReactNode; width?: number }) {
  return (
    <div style={{ position: "fixed", inset: 0, background: "rgba(0,0,0,0.45)", zIndex: 300, display: "grid", placeItems: "center", padding: 16, overflowY: "auto" }}>
      <Paper role="dialog" aria-modal="true" aria-label={label} w="100%" maw={width} p="lg" radius="md" shadow="xl" data-testid={testId}>
        {children}
      </Paper>
    </div>
  );
}

/** A DialogOverlay whose heading is its label, over a form (the ?edit and ?dialog=new dialogs of the settings lists). */
export function FormDialog({ title, testId, children, width }: { title: string; testId: string; children: ReactNode; width?: number }) {
  return (
    <DialogOverlay label={title} testId={testId} width={width}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </DialogOverlay>
  );
}
