// Bundles the extension into one CommonJS file for VS Code's extension host; `vscode` stays external.
const path = require('node:path');

module.exports = {
  target: 'node',
  mode: 'production',
  entry: './src/extension.ts',
  output: { path: path.resolve(__dirname, 'dist'), filename: 'extension.js', libraryTarget: 'commonjs2' },
  externals: { vscode: 'commonjs vscode' },
  resolve: { extensions: ['.ts', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } },
  module: {
    rules: [{ test: /\.ts$/, exclude: /node_modules/, use: { loader: 'ts-loader', options: { transpileOnly: true } } }],
  },
  devtool: false,
  performance: { hints: false },
};
