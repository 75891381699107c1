import type { MessageDescriptor } from "@lingui/core";
import { FormAlert, FormSuccess } from "#src/forms/form-alert.tsx";

/** The outcome of a page's last action: what it did (already worded), or why it failed. */
export type Note = { kind: "success"; text: string } | { kind: "error"; text: MessageDescriptor };

/** The outcome of the last action above the page: the form layer's success note or its alert. */
export function ActionNote({ note }: { note: Note | null }) {
  return (
    <div aria-live="polite">
      <FormSuccess show={note?.kind === "success"} className="mb-4">
        {note?.kind === "success" ? note.text : null}
      </FormSuccess>
      <FormAlert
        status={note?.kind === "error" ? "error" : "idle"}
        message={note?.kind === "error" ? note.text : undefined}
        className="mb-4"
      />
    </div>
  );
}
