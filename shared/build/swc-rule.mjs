/**
 * swc rule for TypeScript/TSX of the apps and of `@landing/*` workspace sources.
 * @param {{ development: boolean, refresh?: boolean }} o  `development` uses React's
 *   jsx-dev-runtime (never on the server: it is not shared, and a development JSX runtime under a
 *   production React crashes); `refresh` adds React Fast Refresh's registrations (dev server only)
 */
export function swcRule({ development, refresh = false }) {
  return {
    test: /\.[jt]sx?$/,
    exclude: /node_modules[\\/](?!@landing)/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development, refresh } },
        target: 'es2020',
      },
    },
    type: 'javascript/auto',
  };
}
