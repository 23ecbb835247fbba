/**
 * The public names of every entry, pinned: a name cannot appear or vanish unnoticed. And every type a public
 * signature names, however deep, is itself public, so nobody has to rebuild our types.
 */
import { resolve } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

const ENTRIES = {
  '.': 'src/index.ts',
  './agents': 'src/agents.ts',
  './react': 'src/react.ts',
  './testing': 'src/testing.ts',
} as const;

const PUBLIC = {
  '.': {
    values: [
      'TODO_WRITE_DESCRIPTION',
      'announceTodoChanges',
      'applyTodoAnswers',
      'countTodos',
      'createTodoSelector',
      'createTodoWrite',
      'createTodoWriteInputSchema',
      'diffTodos',
      'explainTodoDenials',
      'formatTodoChanges',
      'formatTodos',
      'pruneTodoWrites',
      'readTodoEdit',
      'readTodos',
      'selectTodoState',
      'summarizeTodoCall',
      'toAcpPlan',
      'todoEditReason',
      'todoReview',
      'todoWrite',
      'todoWriteInputSchema',
      'validateTodos',
    ],
    types: [
      'AnyTodoState',
      'Todo',
      'TodoAnswersResult',
      'TodoChangeLabels',
      'TodoChanges',
      'TodoCounts',
      'TodoEditCheck',
      'TodoLabels',
      'TodoListToolShape',
      'TodoMessageLike',
      'TodoOptions',
      'TodoProblem',
      'TodoReviewLabels',
      'TodoReviewPolicy',
      'TodoRow',
      'TodoRowStatus',
      'TodoSelector',
      'TodoState',
      'TodoStatus',
      'TodoTaskToolsShape',
      'TodoToolOption',
      'TodoToolShape',
      'TodoWriteCallOptions',
      'TodoWriteInput',
      'TodoWriteInputSchema',
      'TodoWriteOptions',
      'TodoWriteOutput',
      'TodoWriteSettings',
      'TodoWriteTool',
    ],
  },
  './agents': { values: ['agentTodoTools'], types: [] },
  './react': {
    values: ['TodoCallSummary', 'TodoList', 'TodoProvider', 'TodoReviewControls', 'useTodoReview', 'useTodos'],
    types: [
      'AddToolApprovalResponse',
      'RenderTodoRow',
      'TodoListProps',
      'TodoListSlot',
      'TodoReview',
      'TodoReviewControlsProps',
      'TodoReviewSlot',
    ],
  },
  './testing': {
    values: ['createScriptedModel'],
    types: ['ScriptedModelOptions', 'ScriptedPrompt', 'ScriptedStep', 'ScriptedToolCall'],
  },
};

const MAX_VALUES = 30;
const MAX_TYPES = 40;

let program: ts.Program;
let checker: ts.TypeChecker;
const exportsOf = (entry: keyof typeof ENTRIES): ts.Symbol[] => {
  const file = program.getSourceFile(resolve(ENTRIES[entry]))!;
  return checker.getExportsOfModule(checker.getSymbolAtLocation(file)!);
};
const resolveAlias = (symbol: ts.Symbol): ts.Symbol =>
  symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;

beforeAll(() => {
  const config = ts.getParsedCommandLineOfConfigFile(
    resolve('tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    },
  )!;
  program = ts.createProgram(
    Object.values(ENTRIES).map((file) => resolve(file)),
    config.options,
  );
  checker = program.getTypeChecker();
}, 60_000);

describe('the public names', () => {
  for (const entry of Object.keys(ENTRIES) as (keyof typeof ENTRIES)[]) {
    it(`of todo-write${entry === '.' ? '' : entry.slice(1)} are exactly these`, () => {
      const values: string[] = [];
      const types: string[] = [];
      for (const symbol of exportsOf(entry)) {
        const isValue = resolveAlias(symbol).flags & ts.SymbolFlags.Value;
        (isValue ? values : types).push(symbol.name);
      }
      expect(values.sort()).toEqual(PUBLIC[entry].values);
      expect(types.sort()).toEqual(PUBLIC[entry].types);
    });
  }

  it(`hold at most ${MAX_VALUES} values across the entries`, () => {
    const values = Object.values(PUBLIC).reduce((sum, entry) => sum + entry.values.length, 0);
    expect(values).toBeLessThanOrEqual(MAX_VALUES);
  });

  it(`hold at most ${MAX_TYPES} types across the entries`, () => {
    const types = Object.values(PUBLIC).reduce((sum, entry) => sum + entry.types.length, 0);
    expect(types).toBeLessThanOrEqual(MAX_TYPES);
  });

  it('name every type of ours that a public signature uses, however deep', () => {
    const exported = new Set<ts.Symbol>();
    for (const entry of Object.keys(ENTRIES) as (keyof typeof ENTRIES)[])
      for (const symbol of exportsOf(entry)) exported.add(resolveAlias(symbol));
    const ours = (node: ts.Node): boolean => {
      const file = node.getSourceFile().fileName;
      return file.startsWith(resolve('src')) && !file.includes('node_modules');
    };
    const hidden = new Set<string>();
    const seen = new Set<ts.Symbol>();
    const walk = (node: ts.Node): void => {
      if (ts.isTypeReferenceNode(node) || ts.isExpressionWithTypeArguments(node) || ts.isTypeQueryNode(node)) {
        const name = ts.isTypeReferenceNode(node)
          ? node.typeName
          : ts.isTypeQueryNode(node)
            ? node.exprName
            : node.expression;
        const target = checker.getSymbolAtLocation(name);
        if (target) visit(resolveAlias(target));
      }
      ts.forEachChild(node, walk);
    };
    const visit = (symbol: ts.Symbol): void => {
      if (seen.has(symbol)) return;
      seen.add(symbol);
      const declarations = (symbol.declarations ?? []).filter(ours);
      if (declarations.length === 0) return;
      const isType = symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias);
      if (isType && !exported.has(symbol))
        hidden.add(`${symbol.name} (${declarations[0]!.getSourceFile().fileName.replace(`${resolve('.')}/`, '')})`);
      for (const declaration of declarations) {
        // A value's own body is not its signature: read only its declared type and its parameters.
        if (ts.isFunctionDeclaration(declaration)) {
          for (const parameter of declaration.parameters) if (parameter.type) walk(parameter.type);
          if (declaration.type) walk(declaration.type);
          for (const parameter of declaration.typeParameters ?? []) walk(parameter);
        } else if (ts.isVariableDeclaration(declaration)) {
          if (declaration.type) walk(declaration.type);
          else visitType(checker.getTypeAtLocation(declaration));
        } else walk(declaration);
      }
    };
    // A value without a written type: the named types its inferred type refers to.
    const visitType = (type: ts.Type): void => {
      const symbol = type.aliasSymbol ?? type.getSymbol();
      if (symbol && symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)) visit(symbol);
      for (const property of type.getProperties()) {
        const declaration = property.valueDeclaration;
        if (declaration && ours(declaration)) visitType(checker.getTypeOfSymbolAtLocation(property, declaration));
      }
    };
    for (const symbol of exported) visit(symbol);
    expect([...hidden].sort()).toEqual([]);
  });
});
