// Bundles the extension into one CommonJS file for VS Code's extension host; `vscode` stays external.
const path = require('node:path');

module.exports = {
  target: 'node',
  mode: 'production',
  // The uninstall hook is its own small file: VS Code runs it with plain Node, without the extension host.
  entry: { extension: './src/extension.ts', uninstall: './src/uninstall/uninstall-hook.ts' },
  output: { path: path.resolve(__dirname, 'dist'), filename: '[name].js', libraryTarget: 'commonjs2' },
  externals: { vscode: 'commonjs vscode' },
  resolve: { extensions: ['.ts', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } },
  module: {
    rules: [{ test: /\.ts$/, exclude: /node_modules/, use: { loader: 'ts-loader', options: { transpileOnly: true } } }],
  },
  devtool: false,
  performance: { hints: false },
};
