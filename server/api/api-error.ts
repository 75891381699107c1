const defaultMessages: Record<number, string> = {
  400: "Something went wrong while processing your request.",
  401: "Missing or invalid authentication.",
  403: "You are not allowed to perform this request.",
  404: "The requested resource wasn't found.",
  413: "Request entity too large.",
  429: "Too Many Requests.",
  500: "Something went wrong while processing your request.",
};

/** PocketBase's `inflector.Sentenize`: trimmed, first letter upper-cased, final punctuation added. */
function sentenize(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return "";
  const upper = trimmed[0]!.toUpperCase() + trimmed.slice(1);
  return /[.?!]$/.test(upper) ? upper : `${upper}.`;
}

/** An error answered with PocketBase's envelope `{ data, message, status }`. */
export class ApiError extends Error {
  readonly status: number;
  readonly data: Record<string, unknown>;

  constructor(status: number, message = "", data: Record<string, unknown> = {}) {
    super(sentenize(message) || defaultMessages[status] || "Something went wrong.");
    this.status = status;
    this.data = data;
  }

  toJSON() {
    return { data: this.data, message: this.message, status: this.status };
  }
}
