import { readSetting } from '@context-mode/shared/settings/settings';

/**
 * Notices when the process that spawned the server is gone. Hosts usually close stdin or send a signal, but
 * a host killed with SIGKILL leaves the server orphaned (re-parented to init or a subreaper), holding its
 * stores open. A low-frequency ppid check (default 10 s, `CONTEXT_MODE_PARENT_CHECK_MS`) catches that; the
 * timer is unref'd so it never keeps the process alive by itself.
 */
export function watchParent(onGone: () => void, env: NodeJS.ProcessEnv = process.env): () => void {
  const startPpid = process.ppid;
  const every = readSetting('parentCheckMs', env);
  const timer = setInterval(() => {
    if (parentGone(startPpid)) {
      clearInterval(timer);
      onGone();
    }
  }, every);
  timer.unref();
  return () => clearInterval(timer);
}

function parentGone(startPpid: number): boolean {
  const now = process.ppid;
  if (now !== startPpid) return true;
  if (startPpid <= 1) return false;
  try {
    process.kill(startPpid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code !== 'EPERM';
  }
}
