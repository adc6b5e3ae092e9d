import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findShellFlood } from '../../src/routing/shell-floods.js';

const flood = (cmd: string, opts = {}): void => assert.ok(findShellFlood(cmd, opts), `expected a flood: ${cmd}`);
const pass = (cmd: string, opts = {}): void =>
  assert.equal(findShellFlood(cmd, opts)?.kind, undefined, `expected a pass: ${cmd}`);

test('curl to stdout is a flood, in every segment and through wrappers', () => {
  for (const c of [
    'curl https://example.com',
    '/usr/bin/curl -s https://example.com',
    'bash -c "curl -s https://example.com"',
    "sh -c 'curl https://example.com'",
    'env X=1 curl https://example.com',
    'sudo curl https://example.com',
    'time curl https://example.com',
    'sudo -u deploy env A=1 nice -n 5 curl https://example.com',
    'cd /tmp && curl https://example.com',
    'curl -sLo a.html https://a.example && curl https://b.example',
    'curl -o - https://example.com',
    'ssh host "curl https://example.com"',
  ])
    flood(c);
});

test('curl that writes to disk, installs, or asks for headers only passes', () => {
  for (const c of [
    'curl -o file.html https://example.com',
    'curl -sSfLo f https://example.com',
    'curl -LO https://example.com/x.tar.gz',
    'curl https://example.com > page.html',
    'curl -fsSL https://example.com/install.sh | sh',
    'curl -sL https://example.com/x.tar.gz | tar -xz',
    'curl -fsSL https://example.com/setup | sudo -E bash -',
    'curl -I https://example.com',
    'curl -s -o /dev/null -w "%{http_code}" https://example.com',
    'curl -XPOST -d "{}" https://example.com/api',
    'curl -s https://api.github.com/repos/a/b/releases/latest | jq -r .tag_name',
  ])
    pass(c);
});

test('quoted text, heredoc bodies, comments and --version/--help never trigger', () => {
  for (const c of [
    'gh pr create --body "we ran curl https://x and git log"',
    'git commit -m "find / is slow; tail -f too"',
    "echo 'curl https://example.com'",
    'cat > notes.md <<EOF\ncurl https://example.com\ngit log\nEOF',
    'ls # curl https://example.com',
    'curl --version',
    'wget --help',
    'mvn --version',
  ])
    pass(c);
});

test('code fed to an interpreter is read as code: inline HTTP is a flood', () => {
  flood(`python3 -c "import requests; print(requests.get('https://x.example').text)"`);
  flood('node -e "fetch(\'https://x.example\').then(r => r.text()).then(console.log)"');
  flood("python3 - <<'PY'\nimport requests\nprint(requests.get('https://x.example').json())\nPY");
  pass('python3 -c "print(1 + 1)"');
});

test('unbounded commands are floods and their bounded forms pass', () => {
  const pairs: [string, string][] = [
    ['git log', 'git log -n 20'],
    ['git log --oneline', 'git log --oneline | head -50'],
    ['find /', 'find / -name nginx.conf 2>/dev/null'],
    ['find .', 'find . -name "*.ts"'],
    ['tail -f app.log', 'tail -n 50 app.log'],
    ['docker logs api', 'docker logs --tail 100 api'],
    ['kubectl logs pod/x', 'kubectl logs pod/x --tail=50'],
    ['journalctl -u nginx', 'journalctl -u nginx -n 50'],
    ['npm ls --all', 'npm ls react'],
    ['pg_dump app', 'pg_dump app -f app.sql'],
    ['mysqldump shop', 'mysqldump shop > shop.sql'],
    ['gh api repos/a/b/issues', "gh api repos/a/b/issues --jq '.[].title'"],
    ['http https://api.example.com/items', 'http --download https://example.com/file'],
    ['grep -rn foo /', 'grep -rn foo src/'],
    ['ls -R', 'ls -la'],
    ['tree', 'tree -L 2'],
    ['head -n 100000 data.txt', 'head -n 40 data.txt'],
    ['./gradlew build', './gradlew build -q'],
    ['docker logs api 2>&1 | sort', 'docker logs api 2>&1 | grep -i error'],
  ];
  for (const [bad, good] of pairs) {
    flood(bad);
    pass(good);
  }
});

test('cat of a file is judged by its size on disk when it exists, by its name otherwise', () => {
  const sizes: Record<string, number> = { 'big.txt': 5_000_000, 'small.log': 300 };
  const fileSize = (p: string): number | undefined => sizes[p];
  flood('cat big.txt', { fileSize });
  pass('cat small.log', { fileSize });
  flood('cat package-lock.json');
  flood('less /var/log/syslog');
  pass('cat README.md');
});

test('following commands are floods even when filtered, because they never end', () => {
  flood('tail -f /var/log/syslog | grep ERROR');
  flood('docker logs -f --tail 10 api');
  flood('kubectl logs -f deploy/api | grep -v DEBUG');
});

test('endless and whole-file forms of everyday tools are floods; their bounded forms pass', () => {
  const cases: [string, boolean][] = [
    ['sort -u names.txt', false],
    ["awk '{print $1}' access.log", true],
    ["awk '/ERROR/' app.log", false],
    ['sort access.log | uniq -c | sort -rn | head', false],
    ['man bash', true],
    ['man -k printf', false],
    ['top', true],
    ['top -b -n 1 | head -20', false],
    ['docker stats', true],
    ['docker stats --no-stream', false],
    ['kubectl get pods -w', true],
    ['kubectl get pods -o wide', false],
    ['watch -n 2 kubectl get pods', true],
    ['vmstat 1', true],
    ['vmstat 1 5', false],
    ['svn log', true],
    ['svn log -l 10', false],
    ['curl ifconfig.me', false],
    ['if [ -f x ]; then curl https://example.com; fi', true],
    ['ls /usr/bin', true],
    ['ls /usr/bin | grep python', false],
    ['supabase db dump', true],
    ['supabase db dump -f x.sql', false],
    ["sed -i 's/a/b/' huge-export.json", false],
    ["sed -n '1,20p' huge-export.json", false],
    ["sed 's/a/b/' huge-export.json", true],
  ];
  for (const [cmd, isFlood] of cases) (isFlood ? flood : pass)(cmd);
});

test('symbol dumps, whole-cluster describes, unlimited queries and long-range diffs are floods', () => {
  for (const c of [
    'kubectl describe nodes',
    'readelf -a /bin/bash',
    'nm -C libbig.so',
    'mongosh --eval "db.users.find()"',
    'git diff HEAD~500',
    'locate "*.py"',
    'sysctl -a',
    'docker service logs api',
    'ack TODO /',
    'cat node_modules/react/cjs/react.development.js',
  ])
    flood(c);
  for (const c of [
    'kubectl describe pod api-0 -n prod',
    'readelf -h /bin/bash',
    'mongosh --eval "db.users.find().limit(5)"',
    'git diff HEAD~3',
    'locate -c "*.py"',
    'sysctl vm.swappiness',
    'git diff --stat HEAD~500',
  ])
    pass(c);
});
