// @ts-check
import js from '@eslint/js'
import react from 'eslint-plugin-react'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * A no-restricted-imports block: files under `files` may not import `patterns`. Every block also
 * refuses imports that climb two folders: another area is reached through its alias (`@shared/…`).
 * One block per file set, since a later block for the same files replaces an earlier one.
 */
const ban = (files, patterns, { ignores = [], message } = {}) => ({
  files: [files],
  ignores,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: patterns,
            message:
              message ?? 'Crosses an import boundary (ARCHITECTURE.md, processes and boundaries).',
          },
          {
            group: ['../../*'],
            message:
              'Import from another area through its alias (@shared, @server, @renderer, @tests).',
          },
        ],
      },
    ],
  },
})

/** What no program file may import: Node-free areas, and test code from production code. */
const testCode = ['@tests/*', '**/tests/**']

/** What the renderer, a browser page, may not import, in production code and in its tests. */
const rendererForbidden = [
  'electron',
  '**/main/**',
  '@main/*',
  '**/preload/**',
  '**/server/**',
  '@server/*',
  'node:*',
]

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'data/**',
      'node_modules/**',
      'src/server/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.mjs', '*.cjs', 'scripts/*.mjs', '.ci/*.mjs'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'error',
      // Fastify plugins are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
    },
  },
  { files: ['**/*.{mjs,cjs}', 'scripts/**', '.ci/**'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['**/*.{mjs,cjs}', 'scripts/**', '.ci/**', 'tests/bench/**', 'tests/soak/**'],
    languageOptions: { globals: globals.node },
    rules: { 'no-console': 'off' },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}', 'tests/renderer/**/*.{ts,tsx}'],
    plugins: { react, 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    settings: { react: { version: 'detect' } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      ...reactHooks.configs.recommended.rules,
      'react/no-danger': 'error',
      'react/jsx-no-literals': [
        'error',
        {
          noStrings: false,
          ignoreProps: true,
          allowedStrings: ['·', '—', '/', '(', ')', ':', '+', '%', '•', '…', '-', '×'],
        },
      ],
      'react/prop-types': 'off',
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**'],
    rules: {
      // Tests read untyped JSON answers and pin their shape with assertions.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      'react/jsx-no-literals': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  ban('src/shared/**', [
    'electron',
    'node:*',
    '**/main/**',
    '**/preload/**',
    '**/renderer/**',
    '**/server/**',
    '@server/*',
    '@renderer/*',
    '@main/*',
    ...testCode,
    'react',
    'react-dom',
  ]),
  ban('src/renderer/**', [...rendererForbidden, '@tests/*'], {
    ignores: ['**/*.test.{ts,tsx}'],
  }),
  // Renderer tests and their support in tests/renderer share the renderer's world, and its
  // fixtures; the server's factories and helpers are not theirs.
  ban('{src/renderer/**/*.test.{ts,tsx},tests/renderer/**}', [
    ...rendererForbidden,
    '@tests/*',
    '!@tests/renderer',
  ]),
  ban(
    'src/server/**',
    [
      'electron',
      '**/main/**',
      '@main/*',
      '**/preload/**',
      '**/renderer/**',
      '@renderer/*',
      ...testCode,
    ],
    { ignores: ['**/*.test.ts'] },
  ),
  ban('src/server/**/*.test.ts', [
    'electron',
    '**/main/**',
    '@main/*',
    '**/preload/**',
    '**/renderer/**',
    '@renderer/*',
  ]),
  ban(
    'src/main/**',
    [
      '**/renderer/**',
      '@renderer/*',
      '**/preload/**',
      '**/server/*',
      '@server/*',
      '!@server/server',
      ...testCode,
    ],
    { ignores: ['**/*.test.ts'] },
  ),
  ban('src/main/**/*.test.ts', [
    '**/renderer/**',
    '@renderer/*',
    '**/preload/**',
    '**/server/*',
    '@server/*',
    '!@server/server',
  ]),
  ban('src/preload/**', [
    '**/main/**',
    '**/renderer/**',
    '@renderer/*',
    '**/server/**',
    '@server/*',
  ]),
)
