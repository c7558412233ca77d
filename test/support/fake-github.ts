/**
 * A fake of the parts of GitHub afscore talks to, at its HTTP boundary: the OAuth web flow, the
 * user endpoint, and the REST calls that open a pull request. Octokit is pointed at it with a base
 * URL. Faults can be injected (status codes, timeouts) and everything it did can be inspected.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakePull {
  number: number;
  head: string;
  base: string;
  title: string;
  body: string;
  html_url: string;
  labels: string[];
  state: 'open' | 'closed';
}

type Fault = { status: number; body?: unknown; headers?: Record<string, string> } | { hang: true };

export interface FakeGitHub {
  url: string;
  pulls: FakePull[];
  refs: Map<string, string>;
  /** branch → path → content */
  files: Map<string, Map<string, string>>;
  requests: string[];
  /** The next `count` API requests answer with the fault. */
  fail(count: number, fault: Fault): void;
  /** The next `count` requests whose method and path match answer with the fault. */
  failWhen(matches: (method: string, path: string) => boolean, count: number, fault: Fault): void;
  /** Drops the faults still waiting. */
  heal(): void;
  /** A code the OAuth exchange accepts, for a user. */
  authorize(code: string, user: { login: string; avatar_url: string }): void;
  /**
   * The next browser visit to the authorization page is approved as this user and sent back to
   * its redirect_uri with a code and the state, as GitHub does once the user clicks Authorize.
   */
  approveNextSignIn(user: { login: string; avatar_url: string }): void;
  close(): Promise<void>;
}

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

async function body(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString();
  if (!text) return {};
  if ((req.headers['content-type'] ?? '').includes('json')) return JSON.parse(text);
  return Object.fromEntries(new URLSearchParams(text));
}

export async function startFakeGitHub(repository = 'acme/afscore'): Promise<FakeGitHub> {
  const [owner, name] = repository.split('/') as [string, string];
  const state = {
    pulls: [] as FakePull[],
    refs: new Map<string, string>([['main', 'a'.repeat(40)]]),
    files: new Map<string, Map<string, string>>(),
    requests: [] as string[],
    faults: [] as Fault[],
    targeted: [] as { matches: (method: string, path: string) => boolean; fault: Fault }[],
    codes: new Map<string, { login: string; avatar_url: string }>(),
    approvals: [] as { login: string; avatar_url: string }[],
    tokens: new Map<string, { login: string; avatar_url: string }>(),
  };
  const repoPrefix = `/repos/${owner}/${name}`;

  /** GET /repos/{o}/{r}/license as GitHub answers it: the root licence file of the default branch. */
  function licence(res: ServerResponse): void {
    const files = state.files.get('main') ?? new Map<string, string>();
    const path = [...files.keys()].find((file) => /^(?:licen[cs]e|copying)(?:\.\w+)?$/i.test(file));
    if (path === undefined) {
      json(res, 404, { message: 'Not Found', status: '404' });
      return;
    }
    json(res, 200, {
      name: path,
      path,
      sha: 'e'.repeat(40),
      size: files.get(path)!.length,
      html_url: `https://github.com/${repository}/blob/main/${path}`,
      type: 'file',
      content: Buffer.from(files.get(path)!).toString('base64'),
      encoding: 'base64',
      license: { key: 'other', name: 'Other', spdx_id: 'NOASSERTION', url: null },
    });
  }

  /** GET /repos/{o}/{r}/git/trees/HEAD?recursive=1: every file of the default branch. */
  function tree(res: ServerResponse): void {
    const files = state.files.get('main') ?? new Map<string, string>();
    json(res, 200, {
      sha: state.refs.get('main'),
      tree: [...files.keys()]
        .sort()
        .map((path) => ({ path, mode: '100644', type: 'blob', sha: 'b'.repeat(40) })),
      truncated: false,
    });
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = decodeURIComponent(url.pathname);
    const method = req.method ?? 'GET';
    state.requests.push(`${method} ${path}${url.search}`);
    if (method === 'POST' && path === '/login/oauth/access_token') {
      const form = await body(req);
      const user = state.codes.get(form.code ?? '');
      if (!user)
        return json(res, 200, {
          error: 'bad_verification_code',
          error_description: 'The code passed is incorrect or expired.',
        });
      state.codes.delete(form.code!);
      const token = `gho_${form.code}`;
      state.tokens.set(token, user);
      return json(res, 200, { access_token: token, token_type: 'bearer', scope: 'read:user' });
    }
    if (method === 'GET' && path === '/login/oauth/authorize') {
      const user = state.approvals.shift();
      const redirect = url.searchParams.get('redirect_uri');
      if (!user || !redirect) return json(res, 404, { message: 'No sign-in to approve' });
      const code = `code-${state.requests.length}`;
      state.codes.set(code, user);
      const back = new URL(redirect);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { Location: back.href });
      res.end();
      return;
    }
    const targeted = state.targeted.findIndex((entry) => entry.matches(method, path));
    const fault = targeted >= 0 ? state.targeted.splice(targeted, 1)[0]!.fault : state.faults.shift();
    if (fault && 'hang' in fault) return; // never answers: the client times out
    if (fault) return json(res, fault.status, fault.body ?? { message: 'Server Error' }, fault.headers);
    if (method === 'GET' && path === '/user') {
      const user = state.tokens.get((req.headers.authorization ?? '').replace(/^(token|bearer) /i, ''));
      return user ? json(res, 200, { ...user, id: 1 }) : json(res, 401, { message: 'Bad credentials' });
    }
    if (!path.startsWith(repoPrefix)) return json(res, 404, { message: 'Not Found' });
    const rest = path.slice(repoPrefix.length);
    if (method === 'GET' && rest === '')
      return json(res, 200, { default_branch: 'main', full_name: repository });
    if (method === 'GET' && rest.startsWith('/git/ref/heads/')) {
      const sha = state.refs.get(rest.slice('/git/ref/heads/'.length));
      return sha ? json(res, 200, { object: { sha } }) : json(res, 404, { message: 'Not Found' });
    }
    if (method === 'POST' && rest === '/git/refs') {
      const input = await body(req);
      const branch = input.ref!.replace('refs/heads/', '');
      if (state.refs.has(branch)) return json(res, 422, { message: 'Reference already exists' });
      state.refs.set(branch, input.sha!);
      return json(res, 201, { ref: input.ref });
    }
    if (method === 'GET' && rest === '/license') return licence(res);
    if (method === 'GET' && rest.startsWith('/git/trees/')) return tree(res);
    if (rest.startsWith('/contents/')) {
      const file = rest.slice('/contents/'.length);
      if (method === 'GET') {
        const content = state.files.get(url.searchParams.get('ref') ?? 'main')?.get(file);
        return content === undefined
          ? json(res, 404, { message: 'Not Found' })
          : json(res, 200, {
              type: 'file',
              path: file,
              sha: 'f'.repeat(40),
              content: Buffer.from(content).toString('base64'),
              encoding: 'base64',
            });
      }
      if (method === 'PUT') {
        const input = await body(req);
        const branch = input.branch!;
        if (!state.files.has(branch)) state.files.set(branch, new Map());
        state.files.get(branch)!.set(file, Buffer.from(input.content!, 'base64').toString());
        return json(res, 201, { content: { path: file }, commit: { sha: 'c'.repeat(40) } });
      }
    }
    if (method === 'GET' && rest === '/pulls') {
      const head = url.searchParams.get('head')?.replace(`${owner}:`, '');
      const wanted = url.searchParams.get('state') ?? 'open';
      return json(
        res,
        200,
        state.pulls.filter(
          (pull) => (head === undefined || pull.head === head) && (wanted === 'all' || pull.state === wanted),
        ),
      );
    }
    const pullNumber = /^\/pulls\/(\d+)$/.exec(rest);
    if (method === 'PATCH' && pullNumber) {
      const pull = state.pulls.find((candidate) => candidate.number === Number(pullNumber[1]));
      if (!pull) return json(res, 404, { message: 'Not Found' });
      const input = await body(req);
      if (input.title !== undefined) pull.title = input.title;
      if (input.body !== undefined) pull.body = input.body;
      if (input.state === 'open' || input.state === 'closed') pull.state = input.state;
      return json(res, 200, pull);
    }
    if (method === 'POST' && rest === '/pulls') {
      const input = await body(req);
      if (state.pulls.some((pull) => pull.head === input.head))
        return json(res, 422, { message: 'A pull request already exists' });
      const number = state.pulls.length + 1;
      const pull: FakePull = {
        number,
        head: input.head!,
        base: input.base!,
        title: input.title!,
        body: input.body!,
        html_url: `https://github.com/${repository}/pull/${number}`,
        labels: [],
        state: 'open',
      };
      state.pulls.push(pull);
      return json(res, 201, pull);
    }
    const labels = /^\/issues\/(\d+)\/labels$/.exec(rest);
    if (method === 'POST' && labels) {
      const input = (await body(req)) as unknown as { labels: string[] };
      const pull = state.pulls.find((candidate) => candidate.number === Number(labels[1]));
      pull?.labels.push(...input.labels);
      return json(
        res,
        200,
        input.labels.map((label) => ({ name: label })),
      );
    }
    return json(res, 404, { message: `fake GitHub has no ${method} ${path}` });
  }

  const server: Server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => json(res, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    pulls: state.pulls,
    refs: state.refs,
    files: state.files,
    requests: state.requests,
    fail: (count, fault) => {
      for (let index = 0; index < count; index++) state.faults.push(fault);
    },
    failWhen: (matches, count, fault) => {
      for (let index = 0; index < count; index++) state.targeted.push({ matches, fault });
    },
    heal: () => {
      state.faults.length = 0;
      state.targeted.length = 0;
    },
    authorize: (code, user) => state.codes.set(code, user),
    approveNextSignIn: (user) => state.approvals.push(user),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
