import type { TestProjectInlineConfiguration } from 'vitest/config';
import { AI_SDK_MAJORS, ZOD_V3_PACKAGE, type AiSdkMajor } from './majors.js';

type Alias = { find: RegExp; replacement: string };

/**
 * `ai`, `ai/test`, `ai/internal` → the major's alias package, `@ai-sdk/react` → its React
 * package. Vite applies these to every module it transforms: the test files and our src/
 * (so `import { tool } from 'ai'` in src/todo-write.ts gets the major under test).
 * Packages in node_modules run natively in Node and keep their own resolution; that is what
 * an app gets from npm too: `@ai-sdk/react` pins an exact `ai` and gets a nested copy of it
 * when the app's `ai` differs (ai-react-v3 → ai@6.0.325 while the app has ai@6.0.326).
 */
function aiAliases(major: AiSdkMajor): Alias[] {
  if (major.major === 7) return [];
  return [
    { find: /^ai$/, replacement: major.aiPackage },
    { find: /^ai\/(.+)$/, replacement: `${major.aiPackage}/$1` },
    { find: /^@ai-sdk\/react$/, replacement: major.reactPackage },
  ];
}

/**
 * `zod` and `zod/*` → zod 3.25. The AI SDK imports `zod/v4` and `zod/v3` itself, so it is
 * inlined (run through Vite) in this project: then its zod is the app's zod 3.25 too, as
 * npm would install it (`ai` peers on zod).
 */
const zodV3Aliases: Alias[] = [
  { find: /^zod$/, replacement: ZOD_V3_PACKAGE },
  { find: /^zod\/(.+)$/, replacement: `${ZOD_V3_PACKAGE}/$1` },
];

/**
 * One vitest project per AI SDK major (`compat-v5`, `compat-v6`, `compat-v7`), each running
 * test/compat/v<major>/ with `ai` and `@ai-sdk/react` aliased to that major, plus
 * `compat-zod3-v5` / `compat-zod3-v7` (that major with zod 3.25) and `compat` (consumer type-check, Node 20 run).
 * Files ending in .test.tsx declare `// @vitest-environment jsdom`.
 */
export function compatProjects(): TestProjectInlineConfiguration[] {
  const perMajor = AI_SDK_MAJORS.map(
    (major): TestProjectInlineConfiguration => ({
      extends: true,
      resolve: { alias: aiAliases(major) },
      test: {
        name: `compat-v${major.major}`,
        environment: 'node',
        include: [`test/compat/v${major.major}/**/*.test.{ts,tsx}`],
      },
    }),
  );
  const zodV3Projects = AI_SDK_MAJORS.filter((major) => major.major === 5 || major.major === 7).map(
    (major): TestProjectInlineConfiguration => ({
      extends: true,
      resolve: { alias: [...aiAliases(major), ...zodV3Aliases] },
      test: {
        name: `compat-zod3-v${major.major}`,
        environment: 'node',
        include: ['test/compat/zod3/**/*.test.{ts,tsx}'],
        env: { TODO_WRITE_COMPAT_MAJOR: String(major.major) },
        server: {
          deps: {
            inline: [
              new RegExp(`node_modules/${major.aiPackage}/`),
              /node_modules\/@ai-sdk\/(provider-utils|provider|gateway)\//,
            ],
          },
        },
      },
    }),
  );
  return [
    ...perMajor,
    ...zodV3Projects,
    {
      extends: true,
      test: {
        name: 'compat',
        environment: 'node',
        include: ['test/compat/*.test.ts'],
        testTimeout: 180_000,
        // The first file to pack builds the tarball (test/support/pack-package.ts); the others wait for it.
        hookTimeout: 180_000,
      },
    },
  ];
}
