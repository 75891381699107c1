/**
 * A filter, rule, sort or `fields` expression that cannot be parsed or resolved. Callers answer 400
 * "Something went wrong while processing your request.": the message is for logs and tests, never for clients.
 */
export class FilterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FilterError";
  }
}
