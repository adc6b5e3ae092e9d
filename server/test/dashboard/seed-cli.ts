// Seeds a dashboard test project and prints {"project", "dataHome", "root"} as JSON (used by the VS Code
// sidebar test, which is plain JavaScript). The caller removes `root`.
import { seedProject } from './seed-project.js';

const seed = seedProject({ events: Number(process.argv[2] ?? 0), sources: Number(process.argv[3] ?? 0) });
process.stdout.write(
  `${JSON.stringify({ project: seed.project, dataHome: seed.env.CONTEXT_MODE_HOME, root: seed.root })}\n`,
);
