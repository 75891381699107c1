import type { AuthUser } from "#src/auth/auth-state.tsx";
import { initialsOf } from "#src/auth/initials.ts";

/** The avatar with initials and, from `sm` up, the name: the face of the account menu's button. */
export function AccountAvatar({ user }: { user: Pick<AuthUser, "name" | "email" | "verified"> | null }) {
  const dot = "absolute -top-0.5 -right-0.5 size-2.5 rounded-full border-2 border-background bg-warning";
  return (
    <>
      <span
        aria-hidden="true"
        className="relative flex size-7 items-center justify-center rounded-full bg-accent text-xs font-semibold text-accent-foreground"
      >
        <span data-session-initials="">{user ? initialsOf(user) : null}</span>
        {/* An unverified address: a dot; on a page without the app, the page script shows it. */}
        {user ? (
          user.verified ? null : (
            <span className={dot} />
          )
        ) : (
          <span className="hidden in-data-[session-unverified]:contents">
            <span className={dot} />
          </span>
        )}
      </span>
      {/* `not-sr-only` undoes `truncate`'s nowrap: the name is cut short in a span of its own. */}
      <span className="sr-only sm:not-sr-only">
        <span data-session-name="" className="block max-w-40 truncate">
          {user ? user.name.trim() || user.email : null}
        </span>
      </span>
    </>
  );
}
