// The ArcGIS `where` clause as data: a tokenizer and a recursive-descent parser for the SQL-92 subset
// ArcGIS clients send (comparisons, IN, LIKE [ESCAPE], IS [NOT] NULL, AND/OR/NOT, parentheses, string, number
// and DATE/TIMESTAMP literals). The answer is an AST that where-sql.ts compiles to bound SQL; the text
// itself never reaches the database, and anything outside the grammar is a 400 naming the position.

export type CompareOp = '=' | '<>' | '<' | '<=' | '>' | '>=';
export type Literal = string | number;

export type WhereNode =
  | { kind: 'const'; value: boolean }
  | { kind: 'and'; left: WhereNode; right: WhereNode }
  | { kind: 'or'; left: WhereNode; right: WhereNode }
  | { kind: 'not'; operand: WhereNode }
  | { kind: 'compare'; field: string; op: CompareOp; value: Literal }
  | { kind: 'in'; field: string; values: Literal[]; negated: boolean }
  | { kind: 'like'; field: string; pattern: string; negated: boolean; escape?: string }
  | { kind: 'null'; field: string; negated: boolean };

export class WhereError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WhereError';
  }
}

/** Bounds that keep a hostile clause cheap to parse and to plan. */
export const whereLimits = { length: 4000, depth: 40, inValues: 1000 } as const;

type Token =
  | { type: 'ident'; text: string; at: number }
  | { type: 'string'; value: string; at: number }
  | { type: 'number'; value: number; at: number }
  | { type: 'op'; text: string; at: number }
  | { type: 'end'; at: number };

const keywords = new Set(['AND', 'OR', 'NOT', 'IN', 'LIKE', 'ESCAPE', 'IS', 'NULL', 'DATE', 'TIMESTAMP']);

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const at = i;
    if (ch === "'") {
      let value = '';
      i++;
      for (;;) {
        if (i >= text.length) throw new WhereError(`unterminated string starting at ${at + 1}`);
        if (text[i] === "'") {
          if (text[i + 1] === "'") {
            value += "'";
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += text[i++];
      }
      tokens.push({ type: 'string', value, at });
      continue;
    }
    if (ch === '"') {
      const end = text.indexOf('"', i + 1);
      if (end < 0) throw new WhereError(`unterminated quoted name starting at ${at + 1}`);
      tokens.push({ type: 'ident', text: text.slice(i + 1, end), at });
      i = end + 1;
      continue;
    }
    const number = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/.exec(text.slice(i));
    if (number) {
      const value = Number(number[0]);
      if (!Number.isFinite(value)) throw new WhereError(`number out of range at ${at + 1}`);
      tokens.push({ type: 'number', value, at });
      i += number[0].length;
      continue;
    }
    const ident = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i));
    if (ident) {
      tokens.push({ type: 'ident', text: ident[0], at });
      i += ident[0].length;
      continue;
    }
    const op = /^(<>|<=|>=|!=|[=<>(),-])/.exec(text.slice(i));
    if (op) {
      tokens.push({ type: 'op', text: op[0] === '!=' ? '<>' : op[0], at });
      i += op[0].length;
      continue;
    }
    throw new WhereError(`unexpected character ${JSON.stringify(ch)} at ${at + 1}`);
  }
  tokens.push({ type: 'end', at: text.length });
  return tokens;
}

const flipped: Record<CompareOp, CompareOp> = { '=': '=', '<>': '<>', '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

/** Parses a where clause; an empty one means every row. */
export function parseWhere(text: string): WhereNode {
  if (text.length > whereLimits.length) throw new WhereError(`where is longer than ${whereLimits.length} characters`);
  if (text.trim() === '') return { kind: 'const', value: true };
  const tokens = tokenize(text);
  let pos = 0;
  let depth = 0;

  const peek = () => tokens[pos]!;
  const next = () => tokens[pos++]!;
  const isKeyword = (t: Token, word: string) => t.type === 'ident' && t.text.toUpperCase() === word;
  const isOp = (t: Token, op: string) => t.type === 'op' && t.text === op;
  const describe = (t: Token) =>
    t.type === 'end' ? 'the end' : `${'text' in t ? t.text : JSON.stringify(t.value)} at ${t.at + 1}`;
  const fail = (t: Token, wanted: string): never => {
    throw new WhereError(`expected ${wanted}, found ${describe(t)}`);
  };
  const expectOp = (op: string) => {
    const t = next();
    if (!isOp(t, op)) fail(t, `"${op}"`);
  };
  const deeper = () => {
    if (++depth > whereLimits.depth) throw new WhereError(`where nests deeper than ${whereLimits.depth}`);
  };

  const literal = (): Literal => {
    const t = next();
    if (t.type === 'string' || t.type === 'number') return t.value;
    if (isOp(t, '-')) {
      const n = next();
      if (n.type !== 'number') fail(n, 'a number after "-"');
      return -(n as { value: number }).value;
    }
    if (isKeyword(t, 'DATE') || isKeyword(t, 'TIMESTAMP')) {
      const s = next();
      if (s.type !== 'string') fail(s, `a quoted ${(t as { text: string }).text.toUpperCase()} value`);
      return (s as { value: string }).value;
    }
    return fail(t, 'a string or number');
  };

  const operand = (): { field: string } | { value: Literal } => {
    const t = peek();
    if (t.type === 'ident' && !keywords.has(t.text.toUpperCase())) {
      pos++;
      return { field: t.text };
    }
    return { value: literal() };
  };

  const predicate = (): WhereNode => {
    const left = operand();
    const t = next();
    let negated = false;
    let verb = t;
    if (isKeyword(t, 'NOT')) {
      negated = true;
      verb = next();
      if (!isKeyword(verb, 'IN') && !isKeyword(verb, 'LIKE')) fail(verb, 'IN or LIKE after NOT');
    }
    if (isKeyword(verb, 'IS')) {
      if (!('field' in left)) throw new WhereError('IS NULL needs a field name on its left');
      let n = next();
      if (isKeyword(n, 'NOT')) {
        negated = true;
        n = next();
      }
      if (!isKeyword(n, 'NULL')) fail(n, 'NULL');
      return { kind: 'null', field: left.field, negated };
    }
    if (isKeyword(verb, 'IN')) {
      if (!('field' in left)) throw new WhereError('IN needs a field name on its left');
      expectOp('(');
      const values = [literal()];
      while (isOp(peek(), ',')) {
        pos++;
        values.push(literal());
        if (values.length > whereLimits.inValues)
          throw new WhereError(`IN lists at most ${whereLimits.inValues} values`);
      }
      expectOp(')');
      return { kind: 'in', field: left.field, values, negated };
    }
    if (isKeyword(verb, 'LIKE')) {
      if (!('field' in left)) throw new WhereError('LIKE needs a field name on its left');
      const pattern = literal();
      if (typeof pattern !== 'string') throw new WhereError('LIKE needs a quoted pattern');
      if (!isKeyword(peek(), 'ESCAPE')) return { kind: 'like', field: left.field, pattern, negated };
      pos++;
      const escape = literal();
      if (typeof escape !== 'string' || [...escape].length !== 1)
        throw new WhereError('ESCAPE needs one quoted character');
      // PostgreSQL refuses a pattern ending in its escape (SQLSTATE 22025, once a 500): refuse it here.
      if (endsInEscape(pattern, escape)) throw new WhereError('A LIKE pattern must not end with its ESCAPE character');
      return { kind: 'like', field: left.field, pattern, negated, escape };
    }
    if (verb.type === 'op' && verb.text in flipped) {
      const op = verb.text as CompareOp;
      const right = operand();
      if ('field' in left && 'field' in right) throw new WhereError('comparing two fields is not supported');
      if ('field' in left)
        return { kind: 'compare', field: left.field, op, value: (right as { value: Literal }).value };
      if ('field' in right) return { kind: 'compare', field: right.field, op: flipped[op], value: left.value };
      return { kind: 'const', value: constantCompare(left.value, op, right.value) };
    }
    return fail(verb, 'a comparison, IN, LIKE or IS');
  };

  const primary = (): WhereNode => {
    const t = peek();
    if (isOp(t, '(')) {
      pos++;
      deeper();
      const inner = orExpr();
      depth--;
      expectOp(')');
      return inner;
    }
    if (isKeyword(t, 'NOT')) {
      pos++;
      deeper();
      const inner = primary();
      depth--;
      return { kind: 'not', operand: inner };
    }
    return predicate();
  };

  const andExpr = (): WhereNode => {
    let left = primary();
    while (isKeyword(peek(), 'AND')) {
      pos++;
      left = { kind: 'and', left, right: primary() };
    }
    return left;
  };

  function orExpr(): WhereNode {
    let left = andExpr();
    while (isKeyword(peek(), 'OR')) {
      pos++;
      left = { kind: 'or', left, right: andExpr() };
    }
    return left;
  }

  const tree = orExpr();
  if (peek().type !== 'end') fail(peek(), 'AND, OR or the end');
  return tree;
}

function constantCompare(a: Literal, op: CompareOp, b: Literal): boolean {
  if (typeof a !== typeof b) throw new WhereError('comparing a string with a number');
  switch (op) {
    case '=':
      return a === b;
    case '<>':
      return a !== b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    default:
      return a >= b;
  }
}

/** Every field name the clause reads. */
export function fieldsOf(node: WhereNode): string[] {
  switch (node.kind) {
    case 'const':
      return [];
    case 'and':
    case 'or':
      return [...fieldsOf(node.left), ...fieldsOf(node.right)];
    case 'not':
      return fieldsOf(node.operand);
    default:
      return [node.field];
  }
}

/** Whether the pattern's last character is an escape that escapes nothing (an escaped escape is a literal). */
function endsInEscape(pattern: string, escape: string): boolean {
  const chars = [...pattern];
  for (let i = 0; i < chars.length; i += 1) {
    if (chars[i] !== escape) continue;
    if (i === chars.length - 1) return true;
    i += 1;
  }
  return false;
}
