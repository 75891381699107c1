import { useCallback, useRef, useState } from "react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ActionResult } from "./action-result.ts";
import type { FieldErrors } from "./field-error-message.ts";
import type { FormStatus } from "./use-form.ts";

/** A form's request as `useForm` takes it (`status`, `errors`, `message`). */
type ActionState = {
  status: FormStatus;
  errors: FieldErrors;
  message: MessageDescriptor | undefined;
};

const idle: ActionState = { status: "idle", errors: {}, message: undefined };

/**
 * Runs an action (an account's or the dashboard's) for a form: `submitting` while it runs (a second
 * submit is ignored), then `success`, or `error` with the field errors and the message. Aborted
 * requests change nothing. An action that throws (its code could not be downloaded) is reported as
 * an unreachable server. `reset`: back to idle, the last answer's error gone, as when the person
 * turns to another way of doing it (nothing while a request runs).
 */
export function useAction<A extends unknown[], T>(action: (...args: A) => Promise<ActionResult<T>>) {
  const [state, setState] = useState<ActionState>(idle);
  const running = useRef(false);
  const run = useCallback(
    async (...args: A): Promise<ActionResult<T> | undefined> => {
      if (running.current) return undefined;
      running.current = true;
      setState({ status: "submitting", errors: {}, message: undefined });
      try {
        const result = await action(...args);
        if (result.success) setState({ status: "success", errors: {}, message: undefined });
        else if (result.error.aborted) setState(idle);
        else setState({ status: "error", errors: result.error.fieldErrors, message: result.error.message });
        return result;
      } catch {
        // The action could not even start (the account code failed to download): as offline.
        setState({
          status: "error",
          errors: {},
          message: msg`Cannot reach the server. Check your connection and try again.`,
        });
        return undefined;
      } finally {
        running.current = false;
      }
    },
    [action],
  );
  const reset = useCallback(() => {
    if (!running.current) setState(idle);
  }, []);
  return [state, run, reset] as const;
}
