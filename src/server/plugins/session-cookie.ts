import type { FastifyRequest } from 'fastify';

/**
 * A session's cookie, one per signed-in scope (the admins' and jurors', the artists'): behind
 * HTTPS it takes the __Host- prefix (Secure, Path=/, no Domain, by the browser's rule), and one
 * set of options serves setting and clearing it, as a __Host- cookie needs Secure for both.
 */
export function sessionCookie(plainName: string) {
  const hostName = `__Host-${plainName}`;
  const name = (request: FastifyRequest) => (request.protocol === 'https' ? hostName : plainName);
  return {
    name,
    options: (request: FastifyRequest) =>
      ({
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        path: '/',
      }) as const,
    read: (request: FastifyRequest): string | undefined => request.cookies[name(request)],
  };
}
