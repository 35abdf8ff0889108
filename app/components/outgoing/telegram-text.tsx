import { Paper } from "~/components/plain/paper";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";

/**
 * A telegram's text as it is sent (a flight's FBL/FFM/UWS part, a waybill's FWB or FHL): monospace, its lines as
 * written, in a block the reader selects whole with one click (plain text in the HTML, so copying works without
 * JavaScript); wide lines scroll inside the block on a narrow screen.
 */
export function TelegramText({ title, text, testId }: { title: string; text: string; testId: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <Paper
        withBorder
        p="sm"
        component="pre"
        data-testid={testId}
        aria-label={title}
        style={{ fontFamily: "var(--mantine-font-family-monospace)", whiteSpace: "pre", overflowX: "auto", margin: 0, userSelect: "all" }}
      >
        {text.replace(/\r\n/g, "\n")}
      </Paper>
    </Stack>
  );
}
