/** A write's request: its method, and its body as JSON when it has one. */
export function send(method: 'POST' | 'PUT' | 'DELETE', body?: unknown): RequestInit {
  return body === undefined ? { method } : { method, body: JSON.stringify(body) };
}
