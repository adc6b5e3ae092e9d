/**
 * The names this product is known by outside the repository.
 *
 * The npm name `context-mode` belongs to another product (context-mode 1.0.169, whose package ships a `context-mode`
 * bin). So we publish as `ctxmode` and our bin is `ctxmode` too: a `ctxmode` on PATH can only be this package, and installing both products side by side cannot clash over a bin link. Hook files and
 * upgrade advice therefore never say `context-mode` as a command. The MCP server keeps the name `context-mode`
 * (it is a key inside host configs and part of the tool names models see, not a command).
 */
export const PACKAGE_NAME = 'ctxmode';
/** The root package.json name of this product's own repository (setup refuses to write project files into a clone). */
export const REPO_PACKAGE_NAME = 'context-mode-monorepo';
export const BIN_NAME = 'ctxmode';
/** The key our server is registered under in every host's MCP config. */
export const MCP_SERVER_NAME = 'context-mode';
/**
 * How a user installs the command. The package is not on the npm registry yet, so `npm install -g ctxmode` would
 * fail: the install is from the release tarball (`npm run release` builds it; README "Install").
 */
export const INSTALL_COMMAND = `npm install -g ./${PACKAGE_NAME}-<version>.tgz`;
/** How to upgrade while the package is not on the registry: from a newer release tarball. */
export const UPGRADE_FROM_TARBALL = `${BIN_NAME} upgrade --from ./${PACKAGE_NAME}-<version>.tgz`;
/** One line telling a teammate without the tool how to get it (team-shared files carry it). */
export const INSTALL_HINT = `context-mode: '${BIN_NAME}' not found on PATH; install the ${PACKAGE_NAME} release tarball: ${INSTALL_COMMAND}`;
/**
 * The line a pinned hook command prints when the program it pins was removed: setup again re-pins whichever
 * install there is; with none left, the install command comes first.
 */
export function pinnedGoneHint(bin: string): string {
  return `context-mode: ${bin} is gone; run: ${BIN_NAME} setup (if ${BIN_NAME} is gone too, first: ${INSTALL_COMMAND})`;
}
