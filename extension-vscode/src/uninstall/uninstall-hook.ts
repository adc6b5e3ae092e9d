/**
 * The `vscode:uninstall` hook: VS Code runs it with Node once the extension is fully removed (after the editor
 * restarts), with no window and no way to ask. It removes the launcher the extension wrote and the files of dead
 * windows; the data stays (docs/vscode.md, "Uninstall", says how to remove it). Never throws: a failed clean-up
 * must not make the uninstall fail.
 */
import { dataHomeOf, removeDeadWindowFiles, removeOurLauncher } from './cleanup.js';
import { errorMessage } from '../../../shared/src/errors/error-message.js';

try {
  const launcher = removeOurLauncher();
  const dead = removeDeadWindowFiles(dataHomeOf(process.env));
  console.log(
    `context-mode: extension uninstalled: ${launcher ? `launcher ${launcher} removed` : 'no launcher of ours'}; ${dead.length} file(s) of closed windows removed; data in ${dataHomeOf(process.env)} kept`,
  );
} catch (err) {
  console.error(`context-mode: uninstall clean-up incomplete: ${errorMessage(err)}`);
}
