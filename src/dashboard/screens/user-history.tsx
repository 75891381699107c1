import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useState } from "react";
import type { ActionResult } from "#src/forms/action-result.ts";
import { SubmitButton } from "#src/forms/submit-button.tsx";
import { useAction } from "#src/forms/use-action.ts";
import { useForm } from "#src/forms/use-form.ts";
import { useLocale } from "#src/i18n/use-locale.ts";
import { formatDateTime } from "#src/lib/format.ts";
import { Button } from "#src/ui/button.tsx";
import { Field } from "#src/ui/field.tsx";
import { Textarea } from "#src/ui/textarea.tsx";
import { changeWords } from "../change-words.ts";
import type { UserChange, UserHistory, UserNote } from "../client/notes.ts";
import type { Note } from "../widgets/action-note.tsx";
import { cellClassName, DataTable } from "../widgets/data-table.tsx";
import { Loaded } from "../widgets/load-states.tsx";
import { useLoad } from "../widgets/use-load.ts";

export type UserHistoryProps = {
  userId: string;
  /** Changes whenever the user or their subscription is saved: the record of changes is read again. */
  version: string;
  loadHistory: (id: string) => Promise<ActionResult<UserHistory | null>>;
  addNote: (id: string, text: string) => Promise<ActionResult<UserNote>>;
  deleteNote: (noteId: string) => Promise<ActionResult>;
  setNote: (note: Note | null) => void;
};

/** A new note: free text, signed by the server with the superuser's email. */
function NewNoteForm({
  userId,
  addNote,
  onAdded,
}: Pick<UserHistoryProps, "userId" | "addNote"> & { onAdded: () => void }) {
  const { t } = useLingui();
  const [adding, runAdd] = useAction(addNote);
  const form = useForm({
    initialValues: { text: "" },
    ...adding,
    resetOnSuccess: true,
    validate: (values) =>
      values.text.trim() ? {} : { text: { code: "validation_required", message: "Cannot be blank." } },
    onSubmit: async (values) => {
      const result = await runAdd(userId, values.text);
      if (result?.success) onAdded();
    },
  });
  return (
    <form aria-labelledby="user-notes" className="flex flex-col gap-3" {...form.formProps}>
      <Field label={t`New note`} error={form.errorFor("text")}>
        <Textarea
          name="text"
          maxLength={5000}
          value={form.values.text}
          onChange={(event) => form.setValue("text", event.target.value)}
        />
      </Field>
      <div>
        <SubmitButton status={adding.status}>
          <Trans>Add the note</Trans>
        </SubmitButton>
      </div>
    </form>
  );
}

/** The notes, newest first: the text, who wrote it and when, who last edited it, and a way to delete it. */
function NotesList({
  notes,
  deleteNote,
  onDeleted,
  setNote,
}: { notes: UserNote[]; onDeleted: () => void } & Pick<UserHistoryProps, "deleteNote" | "setNote">) {
  const { t } = useLingui();
  const locale = useLocale();
  const [deleting, setDeleting] = useState<string | null>(null);
  if (notes.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>No note yet.</Trans>
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-3">
      {notes.map((note) => {
        const author = note.author || "—";
        const when = formatDateTime(note.created, locale);
        const editor = note.editor;
        const edited = formatDateTime(note.updated ?? note.created, locale);
        return (
          <li key={note.id} data-slot="user-note" className="rounded-md border bg-surface p-3 text-sm">
            <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{note.text}</p>
            <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
              <div className="text-xs text-muted-foreground">
                <p>
                  <Trans>
                    By {author}, {when}
                  </Trans>
                </p>
                {editor ? (
                  <p>
                    <Trans>
                      Edited by {editor}, {edited}
                    </Trans>
                  </p>
                ) : null}
              </div>
              <Button
                variant="ghost"
                size="sm"
                pending={deleting === note.id}
                aria-label={t`Delete the note of ${when}`}
                onClick={async () => {
                  setDeleting(note.id);
                  setNote(null);
                  const result = await deleteNote(note.id);
                  setDeleting(null);
                  if (result.success) onDeleted();
                  else if (!result.error.aborted) setNote({ kind: "error", text: result.error.message });
                }}
              >
                <Trans>Delete</Trans>
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** One change, in words (a secret's values are never kept, only that it changed). */
function ChangeRow({ change }: { change: UserChange }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  return (
    <tr data-slot="user-change">
      <td className={`${cellClassName} [overflow-wrap:anywhere]`}>{i18n._(changeWords(change, locale))}</td>
      <td className={cellClassName}>{change.author || "—"}</td>
      <td className={`${cellClassName} whitespace-nowrap`}>{formatDateTime(change.created, locale)}</td>
    </tr>
  );
}

/**
 * The operators' record of a user: notes (free text, superusers only, signed and dated) and every
 * change a superuser made to the user (what, in words; by whom; when), the latest first.
 */
export function UserHistoryPanel({
  userId,
  version,
  loadHistory,
  addNote,
  deleteNote,
  setNote,
}: UserHistoryProps) {
  // `version` is read so that a save of the user loads the record again.
  const load = useCallback(() => loadHistory(userId), [loadHistory, userId, version]);
  const [state, reload] = useLoad(load);
  return (
    <>
      <section aria-labelledby="user-notes" className="flex flex-col gap-4 rounded-lg border p-5">
        <h2 id="user-notes" className="text-lg font-semibold">
          <Trans>Notes</Trans>
        </h2>
        <p className="-mt-2 text-sm text-muted-foreground">
          <Trans>Only superusers see them; the user never does.</Trans>
        </p>
        <Loaded
          state={state}
          onRetry={reload}
          rows={2}
          empty={<Trans>This server keeps no notes on users.</Trans>}
        >
          {(history) => (
            <>
              <NotesList notes={history.notes} deleteNote={deleteNote} onDeleted={reload} setNote={setNote} />
              <NewNoteForm userId={userId} addNote={addNote} onAdded={reload} />
            </>
          )}
        </Loaded>
      </section>
      <section aria-labelledby="user-changes" className="rounded-lg border p-5">
        <h2 id="user-changes" className="mb-3 text-lg font-semibold">
          <Trans>Changes by superusers</Trans>
        </h2>
        <Loaded
          state={state}
          onRetry={reload}
          rows={2}
          isEmpty={(history) => history.changes.totalItems === 0}
          empty={<Trans>No superuser has changed this user.</Trans>}
        >
          {({ changes }) => {
            const shown = changes.items.length;
            const total = changes.totalItems;
            return (
              <>
                <p className="mb-2 text-sm text-muted-foreground">
                  {total > shown ? (
                    <Trans>
                      The {shown} latest of {total} changes.
                    </Trans>
                  ) : (
                    <Plural value={total} one="# change" other="# changes" />
                  )}
                </p>
                <DataTable headings={[<Trans>Change</Trans>, <Trans>By</Trans>, <Trans>When</Trans>]}>
                  {changes.items.map((change) => (
                    <ChangeRow key={change.id} change={change} />
                  ))}
                </DataTable>
              </>
            );
          }}
        </Loaded>
      </section>
    </>
  );
}
