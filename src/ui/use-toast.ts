import { useSyncExternalStore } from "react";

export type ToastVariant = "default" | "success" | "danger";

/** What `toast()` takes: already translated texts. */
export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes itself; Radix's default (5 s) when left out. */
  duration?: number;
};

export type ToastItem = ToastInput & { id: string };

/** At most this many toasts at once; the oldest goes first. */
export const toastLimit = 3;

type State = readonly ToastItem[];
export type ToastAction = { type: "add"; toast: ToastItem } | { type: "remove"; id: string };

/** The store's pure transition: adding keeps the newest `toastLimit` toasts. */
export function toastReducer(state: State, action: ToastAction): State {
  switch (action.type) {
    case "add":
      return [...state, action.toast].slice(-toastLimit);
    case "remove":
      return state.filter((t) => t.id !== action.id);
  }
}

let state: State = [];
let counter = 0;
const listeners = new Set<() => void>();

function dispatch(action: ToastAction) {
  state = toastReducer(state, action);
  for (const listener of listeners) listener();
}

/** Shows a toast (in the one `<Toaster />` of the page) and returns its id. */
export function toast(input: ToastInput): string {
  counter += 1;
  const id = `toast-${counter}`;
  dispatch({ type: "add", toast: { ...input, id } });
  return id;
}

/** Closes a toast (also called when it times out or is swiped away). */
export function dismissToast(id: string) {
  dispatch({ type: "remove", id });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = () => state;
const getServerSnapshot = (): State => [];

/** The current toasts plus `toast` and `dismiss`, for components. */
export function useToast() {
  const toasts = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  return { toasts, toast, dismiss: dismissToast };
}
