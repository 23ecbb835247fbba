/**
 * The AI SDK majors todo-write supports, and the npm aliases that install each one side by
 * side in this repo (root devDependencies: `ai-v5`, `ai-v6`, `ai-react-v2`, `ai-react-v3`,
 * `zod-v3`). Read by the vitest compat projects, the consumer type-check and the Node 20 run.
 */
export interface AiSdkMajor {
  /** The `ai` major: 5, 6 or 7. */
  major: 5 | 6 | 7;
  /** The installed package that plays `ai` for this major (`ai` itself for the newest). */
  aiPackage: string;
  /** The installed package that plays `@ai-sdk/react` for this major. */
  reactPackage: string;
  /** The `@ai-sdk/react` major that goes with it. */
  reactMajor: 2 | 3 | 4;
  /** The mock model class `ai/test` exports for this major's provider spec. */
  mockModel: 'MockLanguageModelV2' | 'MockLanguageModelV3' | 'MockLanguageModelV4';
  /** The oldest Node the `ai` package itself accepts (its `engines`). */
  minimumNode: 18 | 22;
}

export const AI_SDK_MAJORS: readonly AiSdkMajor[] = [
  {
    major: 5,
    aiPackage: 'ai-v5',
    reactPackage: 'ai-react-v2',
    reactMajor: 2,
    mockModel: 'MockLanguageModelV2',
    minimumNode: 18,
  },
  {
    major: 6,
    aiPackage: 'ai-v6',
    reactPackage: 'ai-react-v3',
    reactMajor: 3,
    mockModel: 'MockLanguageModelV3',
    minimumNode: 18,
  },
  {
    major: 7,
    aiPackage: 'ai',
    reactPackage: '@ai-sdk/react',
    reactMajor: 4,
    mockModel: 'MockLanguageModelV4',
    minimumNode: 22,
  },
];

/** The installed package that plays `zod` 3.25 (classic v3 at the root, v4 under `zod/v4`). */
export const ZOD_V3_PACKAGE = 'zod-v3';

/**
 * The oldest Node the package claims (`engines.node`): node-runtime.test.ts runs the built
 * package on this Node with every major whose `ai` accepts it (5 and 6).
 */
export const OLDEST_TESTED_NODE = 20;
