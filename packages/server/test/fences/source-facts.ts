import ts from 'typescript';

/** One import of a source file: its specifier, where it lands and whether it is erased at build (type only). */
export interface ImportFact {
  specifier: string;
  line: number;
  typeOnly: boolean;
}

/** Something a fence looks at besides imports: an outside call, SQL text, a hand-written query key. */
export interface UseFact {
  kind: 'http' | 'sql' | 'query-key';
  what: string;
  line: number;
}

export interface SourceFacts {
  imports: ImportFact[];
  uses: UseFact[];
}

/** Modules whose request functions call out over HTTP (a server built with them is not a call out). */
const HTTP_MODULES = new Set(['node:http', 'node:https', 'http', 'https', 'node:http2', 'http2']);
const HTTP_MODULE_CALLS = new Set(['request', 'get', 'connect']);
/** Client libraries that exist only to call out. */
const HTTP_LIBRARIES = /^(undici|axios|got|ky|node-fetch|cross-fetch|superagent|steam-session)(\/.*)?$/;
/** Globals that call out from a browser or Node. */
const HTTP_GLOBALS = new Set(['fetch', 'XMLHttpRequest', 'EventSource', 'WebSocket']);
/** Driver calls that run the SQL text they are given. */
const RAW_QUERY_CALLS = new Set(['query', 'execute', 'exec', 'unsafe', 'prepare']);

/**
 * Reads one file with the TypeScript parser (no type checking): every static, re-export and dynamic import, and
 * the uses the fences judge. The parser sees what the build sees, so a comment or a string that looks like an
 * import is not one.
 */
export function sourceFacts(fileName: string, text: string): SourceFacts {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const line = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const imports: ImportFact[] = [];
  const uses: UseFact[] = [];
  /** Local names bound to an HTTP module: `http` of `import http from 'node:http'`, or an imported `request`. */
  const httpNamespaces = new Set<string>();
  const httpFunctions = new Set<string>();
  const sqlTags = new Set<string>();

  const bindImport = (node: ts.ImportDeclaration, specifier: string) => {
    const clause = node.importClause;
    if (!clause || clause.isTypeOnly) return;
    const named = clause.namedBindings;
    if (HTTP_MODULES.has(specifier)) {
      if (clause.name) httpNamespaces.add(clause.name.text);
      if (named && ts.isNamespaceImport(named)) httpNamespaces.add(named.name.text);
      if (named && ts.isNamedImports(named))
        for (const element of named.elements) {
          const imported = (element.propertyName ?? element.name).text;
          if (!element.isTypeOnly && HTTP_MODULE_CALLS.has(imported)) httpFunctions.add(element.name.text);
        }
    }
    if (specifier === 'drizzle-orm' && named && ts.isNamedImports(named))
      for (const element of named.elements)
        if (!element.isTypeOnly && (element.propertyName ?? element.name).text === 'sql')
          sqlTags.add(element.name.text);
  };

  const isSqlText = (node: ts.Expression | undefined): boolean =>
    !!node &&
    (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node));
  const isSqlTag = (tag: ts.Expression): boolean =>
    (ts.isIdentifier(tag) && sqlTags.has(tag.text)) ||
    (ts.isPropertyAccessExpression(tag) &&
      ts.isIdentifier(tag.expression) &&
      sqlTags.has(tag.expression.text));

  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const specifier = node.moduleSpecifier.text;
      const typeOnly =
        !!node.importClause?.isTypeOnly ||
        (!!node.importClause?.namedBindings &&
          ts.isNamedImports(node.importClause.namedBindings) &&
          !node.importClause.name &&
          node.importClause.namedBindings.elements.length > 0 &&
          node.importClause.namedBindings.elements.every((element) => element.isTypeOnly));
      imports.push({ specifier, line: line(node), typeOnly });
      bindImport(node, specifier);
      if (!typeOnly && HTTP_LIBRARIES.test(specifier))
        uses.push({ kind: 'http', what: `import of ${specifier}`, line: line(node) });
      // Drizzle's values (operators, `sql`, the query builder's helpers) are how SQL is written.
      if (!typeOnly && /^drizzle-orm(\/|$)/.test(specifier))
        uses.push({ kind: 'sql', what: `import of ${specifier}`, line: line(node) });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      imports.push({ specifier: node.moduleSpecifier.text, line: line(node), typeOnly: node.isTypeOnly });
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const expression = node.moduleReference.expression;
      if (ts.isStringLiteral(expression))
        imports.push({ specifier: expression.text, line: line(node), typeOnly: node.isTypeOnly });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal))
        imports.push({ specifier: literal.text, line: line(node), typeOnly: true });
    } else if (ts.isCallExpression(node)) {
      visitCall(node);
    } else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression)) {
      if (HTTP_GLOBALS.has(node.expression.text))
        uses.push({ kind: 'http', what: `new ${node.expression.text}`, line: line(node) });
    } else if (ts.isTaggedTemplateExpression(node) && isSqlTag(node.tag)) {
      uses.push({ kind: 'sql', what: 'sql`…`', line: line(node) });
    } else if (
      ts.isPropertyAssignment(node) &&
      node.name.getText(source) === 'queryKey' &&
      ts.isArrayLiteralExpression(node.initializer)
    ) {
      uses.push({ kind: 'query-key', what: 'queryKey: [...]', line: line(node) });
    }
    ts.forEachChild(node, visit);
  };

  const visitCall = (node: ts.CallExpression) => {
    const callee = node.expression;
    if (callee.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument))
        imports.push({ specifier: argument.text, line: line(node), typeOnly: false });
      return;
    }
    if (ts.isIdentifier(callee)) {
      if (callee.text === 'fetch' || httpFunctions.has(callee.text))
        uses.push({ kind: 'http', what: `${callee.text}(…)`, line: line(node) });
      if (callee.text === 'require' && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0]))
        imports.push({ specifier: node.arguments[0].text, line: line(node), typeOnly: false });
      return;
    }
    if (!ts.isPropertyAccessExpression(callee)) return;
    const method = callee.name.text;
    const target = callee.expression;
    const targetName = ts.isIdentifier(target) ? target.text : null;
    if (
      (method === 'fetch' &&
        (targetName === 'globalThis' || targetName === 'window' || targetName === 'self')) ||
      (method === 'sendBeacon' && targetName === 'navigator') ||
      (targetName !== null && httpNamespaces.has(targetName) && HTTP_MODULE_CALLS.has(method))
    ) {
      uses.push({ kind: 'http', what: `${targetName}.${method}(…)`, line: line(node) });
    } else if (method === 'raw' && targetName !== null && sqlTags.has(targetName)) {
      uses.push({ kind: 'sql', what: `${targetName}.raw(…)`, line: line(node) });
    } else if (
      RAW_QUERY_CALLS.has(method) &&
      !ts.isRegularExpressionLiteral(target) &&
      isSqlText(node.arguments[0])
    ) {
      uses.push({ kind: 'sql', what: `.${method}('…')`, line: line(node) });
    }
  };

  visit(source);
  return { imports, uses };
}
