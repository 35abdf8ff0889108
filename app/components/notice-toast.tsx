import { Notification } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Notice } from "../lib/session/session-data";
import { HEADER_HEIGHT } from "./shell/header-height";

/** Spec 1 §9: product notices are centred and last 2500 ms (when JS runs; without JS they simply stay). */
const DISPLAY_MS = 2500;
/** Below the main shell's header: a notice over it hid the language switch (and stays there without JS). */
const TOP_PX = HEADER_HEIGHT + 8;

export function NoticeToast({ notice }: { notice: Notice }) {
  const { t } = useTranslation("notices");
  const [open, setOpen] = useState(true);
  useEffect(() => {
    setOpen(true);
    const timer = setTimeout(() => setOpen(false), DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  if (!open) return null;
  const color = notice.kind === "error" ? "red" : notice.kind === "success" ? "teal" : "blue";
  // No controls inside: it must not swallow clicks meant for the page below it (without JS it never goes away).
  return (
    <div
      role={notice.kind === "error" ? "alert" : "status"}
      style={{ position: "fixed", top: TOP_PX, left: "50%", transform: "translateX(-50%)", zIndex: 1000, minWidth: 320, pointerEvents: "none" }}
    >
      <Notification color={color} withCloseButton={false} data-testid="notice">
        {t(notice.key, notice.params)}
      </Notification>
    </div>
  );
}
