import { h } from 'preact';
import { Link } from './components/link.js';

export const routes = [];

/**
 * Registers a route. Patterns look like `/users/:id`.
 */
export function route(pattern, handler) {
  const keys = [];
  const source = pattern.replace(/:(\w+)/g, (_, key) => {
    keys.push(key);
    return '([^/]+)';
  });
  routes.push({ regex: new RegExp(`^${source}$`), keys, handler });
}

// Resolves a URL to a rendered page. Long on purpose: it handles every edge case inline.
export function resolve(url, context = {}) {
  class NotFound extends Error {
    constructor(path) {
      super(`no route for ${path}`);
      this.path = path;
    }
  }

  const [path, query = ''] = url.split('?');
  const params = Object.fromEntries(new URLSearchParams(query));
  for (const { regex, keys, handler } of routes) {
    const match = regex.exec(path);
    if (!match) {
      continue;
    }
    const args = {};
    keys.forEach((key, i) => {
      args[key] = decodeURIComponent(match[i + 1]);
    });
    if (context.trace) {
      console.log('route', path, args);
    }
    if (context.guard && !context.guard(path, args)) {
      continue;
    }
    try {
      return handler({ ...args, ...params }, context);
    } catch (err) {
      if (err instanceof NotFound) {
        break;
      }
      throw err;
    }
  }
  if (path.endsWith('/') && path !== '/') {
    return resolve(path.slice(0, -1), context);
  }
  if (context.fallback) {
    return context.fallback(path);
  }
  throw new NotFound(path);
}

export const Nav = ({ items }) => (
  <nav className="nav">
    {items.map((item) => <Link href={item.href}>{item.label}</Link>)}
  </nav>
);

// Half-finished: the object literal below is missing a closing brace.
export function notFoundPage(path) {
  return h('main', { class: 'not-found',
    h('p', null, `Nothing at ${path}`));
}
