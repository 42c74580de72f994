// @ts-check
import js from '@eslint/js'
import react from 'eslint-plugin-react'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** A no-restricted-imports block: files under `files` may not import `patterns`. */
const ban = (files, patterns, message) => ({
  files: [files],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: patterns,
            message: message ?? 'Crosses an import boundary (ARCHITECTURE.md §2).',
          },
        ],
      },
    ],
  },
})

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
          allowDefaultProject: ['*.mjs', 'scripts/*.mjs', '.ci/*.mjs'],
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
  { files: ['**/*.mjs', 'scripts/**', '.ci/**'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['**/*.mjs', 'scripts/**', '.ci/**', 'tests/bench/**'],
    languageOptions: { globals: globals.node },
    rules: { 'no-console': 'off' },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
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
    'react',
    'react-dom',
  ]),
  ban('src/renderer/**', ['electron', '**/main/**', '**/preload/**', '**/server/**', 'node:*']),
  ban('src/server/**', ['electron', '**/main/**', '**/preload/**', '**/renderer/**']),
  ban('src/main/**', ['**/renderer/**', '**/preload/**', '**/server/*', '!**/server/server']),
  ban('src/preload/**', ['**/main/**', '**/renderer/**', '**/server/**']),
)
