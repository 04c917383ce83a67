// The JavaScript lint of the web pages (deploy/lint "js"; docs/development.md "Packages"): the
// browser modules under services/web/static/js and the other scripts under services/web/static,
// with ESLint's recommended rules. `npx eslint` from the repository root after deploy/install-deps.
import js from '@eslint/js';
import globals from 'globals';

export default [
  {ignores: ['build*/**', 'node_modules/**']},
  js.configs.recommended,
  {
    files: ['services/web/static/**/*.js'],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: {...globals.browser},
    },
    rules: {
      'no-unused-vars': ['error', {args: 'none', caughtErrors: 'none'}],
    },
  },
];
