/**
 * nginx in front of app instances for the tests and benchmarks: the production site config (deploy/nginx/kilig.conf)
 * rendered for other listen addresses, upstream ports and a folder of its own, run unprivileged-style in the
 * foreground by the caller, and stopped by PID.
 *
 *   if (!nginxAvailable()) console.log('skipped: nginx is not installed (apt-get install nginx)');
 *   const lb = await startNginx({ listen: ['127.0.0.1:8450'], upstreams: [3450, 3452], prefix: '.data/nginx-x' });
 *   … fetch(`${lb.url}/`) …
 *   await lb.stop();
 *
 * The rendered file is the committed one with a few lines replaced (renderSiteConfig), so what the tests exercise is
 * what a deployment runs; a change to the committed file that breaks one of those replacements fails loudly here.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { startChild } from './proc';

const root = path.resolve(import.meta.dirname, '..', '..');
export const SITE_CONFIG = path.join(root, 'deploy', 'nginx', 'kilig.conf');

export type NginxOptions = {
  /** Addresses to listen on, `host:port` ('127.0.0.1:8450', '[::1]:8450'). The first one is `url`. */
  listen: string[];
  /** Ports of the app instances on 127.0.0.1 (each one's scripts/serve.ts front server). */
  upstreams: number[];
  /** A folder for nginx's config, pid, logs, temp files and caches (created; relative to the repository). */
  prefix: string;
  /** Adds `X-Upstream: <address:port>` to every response: which instance answered (tests). */
  exposeUpstream?: boolean;
  /**
   * Keeps shareable pages for 1 s (the production micro-cache). Default true; off measures the instances through the
   * balancer (bench:pages). Media and the app's immutable files are cached either way.
   */
  pageCache?: boolean;
  /** Writes an access log (`<prefix>/access.log`); off for benchmarks. Default true. */
  accessLog?: boolean;
  /** nginx worker processes (default 1). */
  workers?: number;
};

export type RunningNginx = { url: string; prefix: string; pid: number; stop(): Promise<void> };

/** nginx's binary: on PATH, or where Debian puts it (/usr/sbin is not on every user's PATH). */
export function nginxBinary(): string | null {
  for (const candidate of ['nginx', '/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx']) {
    const probe = spawnSync(candidate, ['-v'], { stdio: 'ignore' });
    if (probe.status === 0) return candidate;
  }
  return null;
}

/** False when nginx is not installed: callers skip with a printed reason. */
export function nginxAvailable(): boolean {
  return nginxBinary() !== null;
}

/** Replaces what `pattern` matches, and insists it matched: the committed file and this renderer must agree. */
function replaceOnce(text: string, pattern: RegExp, replacement: string, what: string): string {
  if (!pattern.test(text)) throw new Error(`deploy/nginx/kilig.conf: cannot find ${what} (${pattern}); update scripts/lib/nginx.ts`);
  return text.replace(pattern, replacement);
}

/**
 * deploy/nginx/kilig.conf (http context) for these listen addresses and upstream ports, with its caches under
 * `prefix`: the `listen` lines, the upstream's `server … max_fails=…` lines and the `proxy_cache_path` folders are
 * replaced; everything else is the production config.
 */
export function renderSiteConfig(opts: Pick<NginxOptions, 'listen' | 'upstreams' | 'exposeUpstream' | 'pageCache'> & { prefix: string }): string {
  if (opts.listen.length === 0) throw new Error('nginx: at least one listen address');
  if (opts.upstreams.length === 0) throw new Error('nginx: at least one upstream port');
  const prefix = path.resolve(root, opts.prefix);
  let conf = readFileSync(SITE_CONFIG, 'utf8');
  conf = replaceOnce(conf, /^( *)listen 80;\n *listen \[::\]:80;$/m, opts.listen.map((l) => `$1listen ${l};`).join('\n'), 'the listen lines');
  const servers = /^( *)server \S+( max_fails=\S+ fail_timeout=\S+;)$/gm;
  const indent = servers.exec(conf)?.[1];
  if (indent === undefined) throw new Error('deploy/nginx/kilig.conf: cannot find the upstream server lines; update scripts/lib/nginx.ts');
  let first = true;
  conf = conf.replace(servers, (_line, space: string, params: string) => {
    if (!first) return '\u0000';
    first = false;
    return opts.upstreams.map((port) => `${space}server 127.0.0.1:${port}${params}`).join('\n');
  }).replace(/\n\u0000/g, '');
  conf = replaceOnce(conf, /proxy_cache_path \/var\/lib\/nginx\//g, `proxy_cache_path ${prefix}/cache/`, 'the proxy_cache_path lines');
  if (opts.exposeUpstream) {
    conf = replaceOnce(conf, /^( *)(add_header X-Cache-Status .*;)$/m, '$1$2\n$1add_header X-Upstream $upstream_addr always;', 'the X-Cache-Status header');
  }
  if (opts.pageCache === false) conf = replaceOnce(conf, /proxy_cache kilig_pages;/, 'proxy_cache off;', 'the page cache');
  return conf;
}

/** A whole nginx.conf: process settings, files under `prefix`, and the site inside `http {}`. */
export function renderNginxConfig(opts: NginxOptions): string {
  const prefix = path.resolve(root, opts.prefix);
  const site = renderSiteConfig({ ...opts, prefix });
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `    ${t}_temp_path ${prefix}/temp/${t};`).join('\n');
  return [
    '# Rendered by scripts/lib/nginx.ts from deploy/nginx/kilig.conf: do not edit.',
    // Run as root, nginx's workers switch to `nobody`, who may not read the prefix (or reach the repository at all).
    process.getuid?.() === 0 ? 'user root;' : '',
    `worker_processes ${opts.workers ?? 1};`,
    `pid ${prefix}/nginx.pid;`,
    `error_log ${prefix}/error.log warn;`,
    'events { worker_connections 1024; }',
    'http {',
    '    default_type application/octet-stream;',
    opts.accessLog === false ? '    access_log off;' : `    access_log ${prefix}/access.log;`,
    temp,
    site.replace(/^(?=.)/gm, '    '),
    '}',
    '',
  ].join('\n');
}

/** Writes the config and the folders nginx needs under `prefix`; answers the config's path. */
export function prepareNginx(opts: NginxOptions): string {
  const prefix = path.resolve(root, opts.prefix);
  for (const dir of ['temp', 'cache']) mkdirSync(path.join(prefix, dir), { recursive: true });
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(conf, renderNginxConfig(opts));
  return conf;
}

/** `nginx -t` on a rendered config: the checker's output, and whether it passed. */
export function testNginxConfig(opts: NginxOptions): { ok: boolean; output: string } {
  const bin = nginxBinary();
  if (!bin) throw new Error('nginx is not installed');
  const conf = prepareNginx(opts);
  const prefix = path.resolve(root, opts.prefix);
  const run = spawnSync(bin, ['-t', '-p', prefix, '-c', conf, '-e', path.join(prefix, 'error.log')], { encoding: 'utf8' });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
}

function canConnect(address: string): Promise<boolean> {
  const m = /^\[?([^\]]+?)\]?:(\d+)$/.exec(address);
  if (!m) return Promise.resolve(false);
  return new Promise((resolve) => {
    const socket = net.connect({ host: m[1], port: Number(m[2]) });
    socket.setTimeout(1000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

function exited(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => (clearTimeout(timer), resolve(true)));
  });
}

/**
 * Starts nginx in the foreground (`daemon off`, our child, in our process group) with the rendered config, and
 * resolves once every listen address accepts connections. Rejects with nginx's error log when it stops first
 * (a port in use, a config error). stop() ends it by its PID (SIGQUIT: finish the requests in flight; SIGTERM after 5 s).
 */
export async function startNginx(opts: NginxOptions): Promise<RunningNginx> {
  const bin = nginxBinary();
  if (!bin) throw new Error('nginx is not installed (Debian: apt-get install nginx)');
  const prefix = path.resolve(root, opts.prefix);
  const conf = prepareNginx(opts);
  const errorLog = path.join(prefix, 'error.log');
  const child = startChild(bin, ['-p', prefix, '-c', conf, '-e', errorLog, '-g', 'daemon off;'], { logFile: path.join(prefix, 'stdout.log') });
  const failure = () => {
    const log = existsSync(errorLog) ? readFileSync(errorLog, 'utf8').trim().split('\n').slice(-10).join('\n') : '';
    return new Error(`nginx stopped while starting (exit ${child.exitCode ?? child.signalCode}):\n${log}`);
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw failure();
    const ready = await Promise.all(opts.listen.map(canConnect));
    if (ready.every(Boolean)) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`nginx did not listen on ${opts.listen.join(', ')} within 15 s`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGQUIT');
    if (await exited(child, 5000)) return;
    // SIGTERM, not SIGKILL: the master stops its workers first; killed outright, it would leave them serving the port.
    child.kill('SIGTERM');
    if (await exited(child, 5000)) return;
    child.kill('SIGKILL');
    await exited(child, 2000);
  };
  return { url: `http://${opts.listen[0]}`, prefix, pid: child.pid!, stop };
}
