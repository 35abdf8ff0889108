import { and, eq, gt, isNull } from "drizzle-orm";
import { addSeconds } from "../clock";
import type { ApiDeps } from "../deps";
import { passwordResets, users } from "../db/schema";
import type { User } from "../db/tables/users";
import { hashPassword } from "../auth/passwords";
import { randomToken, sha256 } from "../auth/secrets";
import { providerOnlyUser } from "../auth/provider-only";
import { revokeAllForUser } from "../auth/tokens";
import { resetLink } from "./reset-link";
import { normalizeEmail, passwordErrors, type FieldErrors } from "./rules";
import { refusal } from "../http/errors";
import type { Executor } from "../jobs/queue";
import { queueMail } from "../mail/queue-mail";

const RESET_TTL_SECONDS = 6 * 3600;

type ResetMail = "reset" | "invite";

const subjects: Record<ResetMail, string> = {
  reset: "Reset password instructions",
  invite: "Welcome to Cargo Desk: set your password",
};

function body(kind: ResetMail, user: User, link: string) {
  const greeting = `Hello ${user.firstname || user.email}!`;
  const lead =
    kind === "reset"
      ? "Someone has requested a link to change your password. You can do this through the link below."
      : "An account has been created for you on Cargo Desk. Choose your password through the link below.";
  const tail =
    kind === "reset" ? "If you didn't request this, please ignore this email. Your password won't change until you open the link and create a new one." : "";
  return [greeting, "", lead, "", link, "", "The link is valid for 6 hours.", tail].join("\n").trimEnd() + "\n";
}

/**
 * Creates a single-use token (only its hash is stored) and queues the mail carrying its link, in one transaction
 * (the caller's `tx` when given): a token nobody was mailed, or a mail whose token was rolled back, cannot happen.
 */
export async function sendResetLink(deps: ApiDeps, user: User, redirectUrl: string | undefined, kind: ResetMail = "reset", tx?: Executor) {
  const token = randomToken();
  const at = deps.now();
  const link = resetLink(deps.config, redirectUrl, token);
  const write = async (db: Executor) => {
    await db.insert(passwordResets).values({
      user_id: user.id,
      token_hash: sha256(token),
      expires_at: addSeconds(at, RESET_TTL_SECONDS),
      created_at: at,
    });
    await queueMail(db, at, { to: user.email, subject: subjects[kind], text: body(kind, user, link) });
  };
  await (tx ? write(tx) : deps.db.transaction(write));
}

/** The answer is the same whether or not the e-mail is known, so it cannot be used to probe for accounts. */
export async function requestPasswordReset(deps: ApiDeps, email: string, redirectUrl: string | undefined) {
  const [user] = await deps.db.select().from(users).where(eq(users.email, normalizeEmail(email))).limit(1);
  // nor whether the user signs in through their airline's provider alone: they get no password to reset
  if (!user || (await providerOnlyUser(deps.db, user.id))) return;
  try {
    await sendResetLink(deps, user, redirectUrl);
  } catch (err) {
    // A failure must not change the answer either (the mail itself is sent, and retried, by its job); it is logged.
    deps.log.error({ err }, "password reset mail could not be queued");
  }
}

export interface ResetInput {
  token: string;
  password: string;
  confirmation: string | undefined;
}

/** Sets the new password; returns Devise-style field errors instead when it cannot. */
export async function resetPassword(deps: ApiDeps, input: ResetInput): Promise<FieldErrors | null> {
  const at = deps.now();
  const [reset] = await deps.db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.token_hash, sha256(input.token)),
        isNull(passwordResets.used_at),
        gt(passwordResets.expires_at, at),
      ),
    )
    .limit(1);
  if (!reset) return { reset_password_token: [refusal("reset_token_invalid")] };
  const errors = passwordErrors(input.password, input.confirmation);
  if (Object.keys(errors).length) return errors;
  const passwordHash = await hashPassword(input.password);
  // Claim the token in the same statement that checks it is unused, so it works exactly once.
  const claimed = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(passwordResets)
      .set({ used_at: at })
      .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.used_at)))
      .returning({ id: passwordResets.id });
    if (rows.length === 0) return false;
    await tx.update(users).set({ password_hash: passwordHash }).where(eq(users.id, reset.user_id));
    return true;
  });
  if (!claimed) return { reset_password_token: [refusal("reset_token_invalid")] };
  // Whoever knew the old password loses their sessions with it.
  await revokeAllForUser(deps, reset.user_id);
  return null;
}
