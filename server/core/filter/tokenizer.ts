import { FilterError } from "./filter-error.ts";

// The lexical rules of PocketBase's filter scanner (fexpr; docs/api.md, "Filter language").

export const signOperators = [
  "=",
  "!=",
  ">",
  ">=",
  "<",
  "<=",
  "~",
  "!~",
  "?=",
  "?!=",
  "?>",
  "?>=",
  "?<",
  "?<=",
  "?~",
  "?!~",
] as const;
export type SignOp = (typeof signOperators)[number];

/** An operand token; function arguments are operands too. */
export type OperandToken =
  | { type: "identifier"; value: string }
  | { type: "text"; value: string }
  | { type: "number"; value: number }
  | { type: "function"; name: string; args: OperandToken[] };

export type Token =
  | OperandToken
  | { type: "sign"; value: SignOp }
  | { type: "join"; value: "&&" | "||" }
  | { type: "(" }
  | { type: ")" };

// fexpr allows a function call inside a function argument, three calls deep at most.
const maxFunctionDepth = 3;

const isLetter = (ch: string) => (ch >= "a" && ch <= "z") || (ch >= "A" && ch <= "Z");
const isDigit = (ch: string) => ch >= "0" && ch <= "9";
const isWhitespace = (ch: string) => ch === " " || ch === "\t" || ch === "\n";
const isIdentifierStart = (ch: string) => isLetter(ch) || ch === "@" || ch === "_" || ch === "#";
const isIdentifierPart = (ch: string) =>
  isLetter(ch) || isDigit(ch) || ch === "_" || ch === "." || ch === ":";
const isSignChar = (ch: string) => "=?!><~".includes(ch) && ch !== "";
const isJoinChar = (ch: string) => ch === "&" || ch === "|";
const isQuote = (ch: string) => ch === "'" || ch === '"';

// Escapes that JSON.stringify produces: the SDK's pb.filter() quotes string values with it, so decoding
// them makes every pb.filter() value round-trip exactly (quotes, backslashes, control characters).
// fexpr itself only unescapes the quote; any escape not listed here is kept literally, as fexpr does.
const jsonEscapes = new Map([
  ["b", "\b"],
  ["f", "\f"],
  ["n", "\n"],
  ["r", "\r"],
  ["t", "\t"],
  ["/", "/"],
]);

/** Splits a filter expression into tokens, skipping whitespace and `//` comments. */
export function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let pos = 0;
  const peek = (offset = 0) => input[pos + offset] ?? "";

  function readWhile(predicate: (ch: string) => boolean): string {
    const start = pos;
    while (pos < input.length && predicate(input[pos]!)) pos++;
    return input.slice(start, pos);
  }

  function skipComment() {
    if (peek(1) !== "/") throw new FilterError(`invalid comment at ${pos}`);
    while (pos < input.length && input[pos] !== "\n") pos++;
  }

  function readText(): OperandToken {
    const quote = input[pos++]!;
    let value = "";
    while (pos < input.length) {
      const ch = input[pos++]!;
      if (ch === quote) return { type: "text", value };
      if (ch !== "\\") {
        value += ch;
        continue;
      }
      const next = input[pos] ?? "";
      if (next === quote || next === "\\") {
        value += next;
        pos++;
      } else if (jsonEscapes.has(next)) {
        value += jsonEscapes.get(next);
        pos++;
      } else if (next === "u" && /^[0-9a-fA-F]{4}$/.test(input.slice(pos + 1, pos + 5))) {
        value += String.fromCharCode(parseInt(input.slice(pos + 1, pos + 5), 16));
        pos += 5;
      } else {
        value += ch;
      }
    }
    throw new FilterError("unterminated quoted text");
  }

  function readNumber(): OperandToken {
    const start = pos;
    let hadDot = false;
    while (pos < input.length) {
      const ch = input[pos]!;
      if (isDigit(ch) || (ch === "-" && pos === start) || (ch === "." && !hadDot)) {
        hadDot ||= ch === ".";
        pos++;
      } else break;
    }
    const literal = input.slice(start, pos);
    if (literal === "-" || literal.endsWith(".")) {
      throw new FilterError(`invalid number "${literal}"`);
    }
    return { type: "number", value: Number(literal) };
  }

  function readIdentifierOrFunction(depth: number): OperandToken {
    const name = input[pos++]! + readWhile(isIdentifierPart);
    const valid = !/[.:]$/.test(name) && !(name.length === 1 && !isLetter(name));
    if (!valid) throw new FilterError(`invalid identifier "${name}"`);
    if (peek() !== "(") return { type: "identifier", value: name };
    if (depth <= 0) throw new FilterError("too many nested function calls");
    return readFunctionArgs(name, depth);
  }

  function readFunctionArgs(name: string, depth: number): OperandToken {
    pos++; // "("
    const args: OperandToken[] = [];
    let expectComma = false;
    while (pos < input.length) {
      const ch = peek();
      if (ch === ")") {
        pos++;
        return { type: "function", name, args };
      }
      if (isWhitespace(ch)) {
        pos++;
      } else if (ch === "/") {
        skipComment();
      } else if (ch === ",") {
        if (!expectComma) throw new FilterError(`unexpected comma in function "${name}"`);
        expectComma = false;
        pos++;
      } else if (expectComma) {
        throw new FilterError(`expected a comma in function "${name}"`);
      } else {
        if (isIdentifierStart(ch)) args.push(readIdentifierOrFunction(depth - 1));
        else if (isDigit(ch) || ch === "-") args.push(readNumber());
        else if (isQuote(ch)) args.push(readText());
        else throw new FilterError(`unexpected character in function "${name}"`);
        expectComma = true;
      }
    }
    throw new FilterError(`unterminated function call "${name}"`);
  }

  while (pos < input.length) {
    const ch = peek();
    if (isWhitespace(ch)) {
      pos++;
    } else if (ch === "/") {
      skipComment();
    } else if (ch === "(" || ch === ")") {
      tokens.push({ type: ch });
      pos++;
    } else if (isIdentifierStart(ch)) {
      tokens.push(readIdentifierOrFunction(maxFunctionDepth));
    } else if (isDigit(ch) || ch === "-") {
      tokens.push(readNumber());
    } else if (isQuote(ch)) {
      tokens.push(readText());
    } else if (isSignChar(ch)) {
      const sign = readWhile(isSignChar);
      if (!(signOperators as readonly string[]).includes(sign)) {
        throw new FilterError(`invalid sign operator "${sign}"`);
      }
      tokens.push({ type: "sign", value: sign as SignOp });
    } else if (isJoinChar(ch)) {
      const join = readWhile(isJoinChar);
      if (join !== "&&" && join !== "||") throw new FilterError(`invalid join operator "${join}"`);
      tokens.push({ type: "join", value: join });
    } else {
      throw new FilterError(`unexpected character at ${pos}`);
    }
  }
  return tokens;
}
