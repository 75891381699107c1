import { FilterError } from "./filter-error.ts";
import { tokenize, type OperandToken, type SignOp, type Token } from "./tokenizer.ts";

// Recursive descent over the fexpr grammar (docs/api.md, "Filter language"). PocketBase emits a flat
// `(a OR b AND c)` SQL string, so `&&` binds tighter than `||` as in SQL; the same precedence here.
//
//   or      := and ( "||" and )*
//   and     := term ( "&&" term )*
//   term    := "(" or ")" | operand SIGN operand

export type Expr =
  | { type: "compare"; left: OperandToken; op: SignOp; right: OperandToken }
  | { type: "and" | "or"; left: Expr; right: Expr };

/** PocketBase's default limit of comparisons in one filter or rule (`DefaultFilterExprLimit`). */
export const maxExpressions = 200;

// Not a PocketBase limit: it keeps a hostile `((((…` from overflowing the stack. Nobody nests 64 groups.
const maxDepth = 64;

/** Parses a filter or rule into an AST; throws FilterError on any syntax error. */
export function parse(input: string): Expr {
  const tokens = tokenize(input);
  let index = 0;
  let comparisons = 0;

  const peek = (): Token | undefined => tokens[index];

  // `&&` binds tighter than `||`: an expression is an OR of ANDs of terms, each left-associative.
  function parseJoined(join: "||" | "&&", depth: number): Expr {
    const operand = () => (join === "||" ? parseJoined("&&", depth) : parseTerm(depth));
    let expr = operand();
    for (let next = peek(); next?.type === "join" && next.value === join; next = peek()) {
      index++;
      expr = { type: join === "||" ? "or" : "and", left: expr, right: operand() };
    }
    return expr;
  }

  const parseOr = (depth: number) => parseJoined("||", depth);

  function parseTerm(depth: number): Expr {
    const token = peek();
    if (token?.type === "(") {
      if (depth >= maxDepth) throw new FilterError("too deeply nested groups");
      index++;
      if (peek()?.type === ")") throw new FilterError("empty group");
      const inner = parseOr(depth + 1);
      if (peek()?.type !== ")") throw new FilterError("missing closing parenthesis");
      index++;
      return inner;
    }
    const left = parseOperand("left");
    const sign = peek();
    if (sign?.type !== "sign") throw new FilterError("expected a sign operator");
    index++;
    const right = parseOperand("right");
    if (++comparisons > maxExpressions) throw new FilterError("max filter expressions limit reached");
    return { type: "compare", left, op: sign.value, right };
  }

  function parseOperand(side: string): OperandToken {
    const token = peek();
    if (
      !token ||
      token.type === "sign" ||
      token.type === "join" ||
      token.type === "(" ||
      token.type === ")"
    ) {
      throw new FilterError(`expected ${side} operand`);
    }
    index++;
    return token;
  }

  if (tokens.length === 0) throw new FilterError("empty filter expression");
  const expr = parseOr(0);
  if (index < tokens.length) throw new FilterError("unexpected token after the expression");
  return expr;
}
