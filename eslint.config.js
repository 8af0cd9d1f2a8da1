// ESLint (flat config) with typescript-eslint's type-aware rules. The rules chosen catch defects
// (a promise nobody awaits, a value nobody reads, `any` leaking into typed code), not taste;
// layout is Prettier's (.prettierrc.json), so eslint-config-prettier turns the layout rules off.
// Every `eslint-disable` in the tree says why on the same line.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'data/',
      'generated/',
      'clients/typescript/src/schema.ts',
      'contract-tests/node_modules/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'eslint.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      // An async function without await is how a sync implementation meets an async port: not a defect.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read JSON response bodies, which the response validator has already checked against the
    // spec (test/support/service.ts); the assertion on the value is the test, so `any` there is
    // not a defect. Everything else (floating promises, unused values) holds in tests too.
    files: ['test/**/*.ts', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
  {
    // Plain JavaScript (Dredd hooks, build scripts) is not type-checked; CommonJS files require().
    files: ['**/*.cjs', '**/*.mjs', '**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
