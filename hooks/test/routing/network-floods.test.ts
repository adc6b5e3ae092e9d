import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findShellFlood } from '../../src/routing/shell-floods.js';

// The classes of issue 10 item 4: network clients other than curl/wget, clients run indirectly, inline fetches
// in more runtimes, executed heredocs, and a download read back whole. Writing a body to a file stays allowed.
const flood = (cmd: string): void => assert.ok(findShellFlood(cmd), `expected a flood: ${cmd}`);
const pass = (cmd: string): void => assert.equal(findShellFlood(cmd)?.kind, undefined, `expected a pass: ${cmd}`);

test('text browsers that print a page are floods and are sent to fetch-and-index', () => {
  for (const c of [
    'lynx -dump https://example.com/docs',
    'w3m https://example.com',
    'links -dump https://example.com',
    'elinks --dump 1 https://example.com',
  ])
    flood(c);
  assert.deepEqual(findShellFlood('lynx -dump https://example.com/docs')?.call, {
    tool: 'ctx_fetch_and_index',
    url: 'https://example.com/docs',
  });
  for (const c of [
    'lynx --version',
    'lynx -dump https://example.com > page.txt',
    'w3m -dump https://example.com | head -20',
    'w3m -version',
  ])
    pass(c);
});

test('PowerShell web cmdlets print the response unless it goes to a file or is reduced to a property', () => {
  for (const c of [
    'Invoke-WebRequest https://example.com',
    'iwr https://api.github.com/repos/a/b/releases',
    'Invoke-RestMethod -Uri https://api.example.com/items',
    'irm https://api.example.com/items | ConvertTo-Json -Depth 5',
    '(Invoke-WebRequest -Uri https://example.com).Content',
    'iwr https://example.com | Select-Object -ExpandProperty Content',
    'pwsh -c "Invoke-WebRequest https://example.com"',
    'powershell.exe -NoProfile -ExecutionPolicy Bypass -Command "irm https://api.example.com/v1"',
    'invoke-restmethod https://api.example.com/v1/orders',
  ])
    flood(c);
  for (const c of [
    'iwr https://example.com/setup.exe -OutFile setup.exe',
    'irm https://get.scoop.sh | iex',
    '(Invoke-WebRequest https://example.com).StatusCode',
    'Invoke-RestMethod -Method Post -Uri https://api.example.com/items -Body x',
    'irm https://api.example.com/repo | Select-Object stargazers_count',
    'pwsh -NoProfile -Command "Get-Date"',
    'pwsh --version',
  ])
    pass(c);
});

test('registry commands that print a whole package document or a long search are floods; one field passes', () => {
  for (const c of [
    'npm view react',
    'npm view react --json',
    'npm info express',
    'npm view @types/node versions --json',
    'pnpm view vite',
    'yarn info typescript',
    'npm search --json eslint',
    'cargo search serde',
    'gem search rails',
    'gem list --remote',
    'apt-cache search python3',
    'brew info --json=v2 --installed',
    'dnf list available',
  ])
    flood(c);
  for (const c of [
    'npm view react version',
    'npm view typescript dist-tags.latest',
    'npm view react versions --json | tail -5',
    'npm ls react',
    'cargo search serde --limit 3',
    'pip index versions requests',
    'gem search -e rails',
    'apt-cache policy nginx',
    'brew info wget',
    'dnf install -y git',
  ])
    pass(c);
});

test('network clients run by xargs, parallel, containers and remote shells are seen through', () => {
  for (const c of [
    'cat urls.txt | xargs curl',
    'xargs -n1 wget -qO- < urls.txt',
    'parallel curl -s ::: https://a.example https://b.example',
    "parallel -j8 'curl -sL {}' :::: urls.txt",
    'docker run --rm curlimages/curl https://example.com',
    'docker run --rm --net host curlimages/curl:8.5.0 -s http://localhost:8080/api',
    'docker run --rm alpine wget -qO- https://example.com',
    'kubectl run tmp --rm -i --image=curlimages/curl --restart=Never -- https://example.com',
    'oc rsh deploy/web curl -s http://localhost:8080/',
    'multipass exec dev -- curl -s https://example.com',
    'vagrant ssh -c "curl -s http://localhost:8080/api"',
    'gcloud compute ssh web-1 --zone z --command "curl -s http://localhost/metrics"',
    'fly ssh console -C "curl -s http://localhost:8080/api"',
    'su deploy -c "curl -s https://example.com/api"',
    "sshpass -p x ssh admin@router 'wget -qO- http://192.168.1.1/api'",
    "ssh build-01 bash <<'EOF'\ncurl -s http://localhost:9200/_search\nEOF",
  ])
    flood(c);
  // Per stdin line the client alone has no URL: the sandbox gets the whole line.
  assert.equal(
    (findShellFlood('cat urls.txt | xargs curl')?.call as { code?: string }).code,
    'cat urls.txt | xargs curl',
  );
  for (const c of [
    'cat urls.txt | xargs -n1 curl -sO',
    'xargs -n1 wget -q < urls.txt',
    "cat urls.txt | parallel 'curl -s {} | wc -c'",
    'docker run --rm curlimages/curl --version',
    'docker run --rm curlimages/curl -s -o /dev/null -w "%{http_code}" https://example.com',
    'docker run --rm node:20 node -v',
    'vagrant ssh -c "uptime"',
    "ssh build-01 bash <<'EOF'\nsystemctl restart app\nEOF",
  ])
    pass(c);
});

test('inline fetches in node, perl, ruby, php, deno and bun, with the URL in the code or on the command line', () => {
  for (const c of [
    'node -e "fetch(process.argv[1]).then(r => r.text()).then(console.log)" https://example.com',
    `node -e "require('https').get(process.argv[1], r => r.pipe(process.stdout))" https://example.com`,
    `perl -MLWP::Simple -e 'getprint($ARGV[0])' https://example.com`,
    `perl -MHTTP::Tiny -e 'print HTTP::Tiny->new->get(shift)->{content}' https://example.com`,
    `deno eval "console.log(await (await fetch('https://example.com')).text())"`,
    `bun -e "console.log(await (await fetch('https://example.com')).text())"`,
    `ruby -rnet/http -e 'puts Net::HTTP.get(URI(ARGV[0]))' https://example.com`,
    `php -r 'echo file_get_contents($argv[1]);' https://example.com`,
  ])
    flood(c);
  assert.deepEqual(findShellFlood(`deno eval "console.log(await (await fetch('https://example.com')).text())"`)?.call, {
    tool: 'ctx_fetch_and_index',
    url: 'https://example.com',
  });
  for (const c of [
    'node -e "fetch(process.argv[1]).then(r => console.log(r.status))" https://example.com',
    `perl -MLWP::Simple -e 'getstore("https://example.com/x.tgz", "x.tgz")'`,
    `ruby -rnet/http -e 'puts Net::HTTP.get_response(URI(ARGV[0])).code' https://example.com`,
    `python3 -c "import urllib.request; print(urllib.request.urlopen('https://example.com').status)"`,
    'deno eval "console.log(Deno.version)"',
    'node -e "console.log(process.version)"',
  ])
    pass(c);
});

test('executed heredocs: node, ruby, deno, a heredoc piped into python and python - with arguments', () => {
  for (const c of [
    `node <<'EOF'\nfetch("https://example.com").then(r => r.text()).then(console.log)\nEOF`,
    `ruby <<'RB'\nrequire 'net/http'\nputs Net::HTTP.get(URI('https://example.com'))\nRB`,
    `deno run --allow-net - <<'TS'\nconsole.log(await (await fetch("https://example.com")).text())\nTS`,
    `cat <<'EOF' | python3\nimport requests\nprint(requests.get("https://example.com").json())\nEOF`,
    `python3 - "$URL" <<'PY'\nimport sys, requests\nprint(requests.get(sys.argv[1]).text)\nPY`,
  ])
    flood(c);
  for (const c of [
    `cat > fetch.py <<'EOF'\nimport requests\nprint(requests.get("https://example.com").text)\nEOF`,
    `node - <<'JS'\nconsole.log(1 + 1)\nJS`,
    `python3 - <<'PY'\nimport requests\nr = requests.get("https://example.com")\nprint(r.status_code, len(r.text))\nPY`,
  ])
    pass(c);
});

test('a download read back whole is a flood naming the URL; the download alone or a bounded read passes', () => {
  for (const c of [
    'curl -o f https://example.com && cat f',
    'wget -O page.html https://example.com; cat page.html',
    'curl -sSLo x https://example.com/docs && less x',
    'curl -fsSL https://example.com/big.txt -o /tmp/big.txt && head -c 100000 /tmp/big.txt',
    'curl -s https://example.com > /tmp/page.html && cat /tmp/page.html',
    'wget -q https://example.com/README.md && cat ./README.md',
    'curl -LO https://example.com/docs/NOTES.md && bat NOTES.md',
    'iwr https://example.com/notes.txt -OutFile notes.txt; Get-Content notes.txt',
  ])
    flood(c);
  const f = findShellFlood('curl -sSLo x https://example.com/docs && less x');
  assert.equal(f?.kind, 'download-then-read');
  assert.deepEqual(f?.call, { tool: 'ctx_fetch_and_index', url: 'https://example.com/docs' });
  for (const c of [
    'curl -o page.html https://example.com',
    'curl -sSLo x https://example.com/docs && wc -c x',
    'curl -o f.tar.gz https://example.com/f.tar.gz && tar xzf f.tar.gz',
    'curl -sL https://example.com -o page.html && head -20 page.html',
    'curl -fsSL -o install.sh https://get.docker.com && sh install.sh',
    "curl -s https://example.com/openapi.json -o openapi.json && jq '.paths | keys' openapi.json",
    'cat notes.txt',
  ])
    pass(c);
});
