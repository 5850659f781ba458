// @vitest-environment node
// Node's own fetch against a real server: happy-dom's fetch would apply browser CORS rules.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiFetch } from './api-client.ts';

/** A real HTTP server with one route per outcome the client must map. */
let server: Server;
let base: string;
const seenHeaders: Record<string, string | undefined> = {};

beforeAll(async () => {
  server = createServer((request, response) => {
    seenHeaders['x-requested-with'] = request.headers['x-requested-with'] as string | undefined;
    const send = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(body);
    };
    switch (request.url) {
      case '/ok':
        return send(200, '{"status":"ok"}');
      case '/invalid':
        return send(
          400,
          '{"error":{"code":"VALIDATION_ERROR","message":"Some fields are not valid.","fields":{"email":"Invalid email address"}}}',
        );
      case '/denied':
        return send(401, '{"error":{"code":"UNAUTHENTICATED","message":"Sign in first."}}');
      case '/sign-in':
        return send(
          401,
          '{"error":{"code":"INVALID_CREDENTIALS","message":"Invalid credentials"}}',
        );
      case '/second-step':
        return send(
          401,
          '{"error":{"code":"TWO_FACTOR_REQUIRED","message":"Enter the 6-digit code from your authenticator app."}}',
        );
      case '/wrong-code':
        return send(401, '{"error":{"code":"INVALID_CODE","message":"Invalid code"}}');
      case '/used-code':
        return send(
          401,
          '{"error":{"code":"CODE_ALREADY_USED","message":"This code has already been used. Wait for the next one."}}',
        );
      case '/forbidden':
        return send(403, '<html>Forbidden</html>');
      case '/crash':
        return send(500, '{"error":{"code":"INTERNAL_ERROR","message":"x"}}');
      case '/busy':
        return send(
          503,
          '{"error":{"code":"BUSY","message":"The server is busy processing images. Please try again in a moment."}}',
        );
      case '/gateway':
        return send(502, '<html>Bad Gateway</html>');
      default:
        return send(404, '{"error":{"code":"NOT_FOUND","message":"Competition not found"}}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function failureOf(path: string): Promise<ApiError> {
  try {
    await apiFetch(path);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('apiFetch', () => {
  it('returns the JSON body and marks the request as the app’s own', async () => {
    expect(await apiFetch(`${base}/ok`)).toEqual({ status: 'ok' });
    expect(seenHeaders['x-requested-with']).toBe('white-stroke');
  });

  it('keeps the server’s code, message and fields for a client error', async () => {
    const error = await failureOf(`${base}/invalid`);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      fields: { email: 'Invalid email address' },
    });
    expect((await failureOf(`${base}/missing`)).message).toBe('Competition not found');
  });

  it('maps the seed’s error catalogue', async () => {
    expect(await failureOf(`${base}/denied`)).toMatchObject({
      code: 'PERMISSION_ERROR',
      message: 'You do not have permission to perform this action.',
    });
    expect(await failureOf(`${base}/forbidden`)).toMatchObject({
      status: 403,
      code: 'PERMISSION_ERROR',
      message: 'You do not have permission to perform this action.',
    });
    // A refused sign-in is not a permission problem: the seed's own message stays.
    expect(await failureOf(`${base}/sign-in`)).toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid credentials',
    });
    // So do the second sign-in step's answers: the form needs the code to ask for it.
    expect(await failureOf(`${base}/second-step`)).toMatchObject({
      status: 401,
      code: 'TWO_FACTOR_REQUIRED',
      message: 'Enter the 6-digit code from your authenticator app.',
    });
    expect(await failureOf(`${base}/wrong-code`)).toMatchObject({
      status: 401,
      code: 'INVALID_CODE',
      message: 'Invalid code',
    });
    expect(await failureOf(`${base}/used-code`)).toMatchObject({
      status: 401,
      code: 'CODE_ALREADY_USED',
      message: 'This code has already been used. Wait for the next one.',
    });
    expect(await failureOf(`${base}/crash`)).toMatchObject({
      code: 'UNKNOWN_ERROR',
      message: 'An unexpected error occurred. Please try again.',
    });
    // A busy server says so in its own words: the admin learns to wait, not that something broke.
    expect(await failureOf(`${base}/busy`)).toMatchObject({
      status: 503,
      code: 'BUSY',
      message: 'The server is busy processing images. Please try again in a moment.',
    });
    expect(await failureOf(`${base}/gateway`)).toMatchObject({
      code: 'NETWORK_ERROR',
      message: 'Unable to connect to the server. Please check your internet connection.',
    });
    expect(await failureOf('http://127.0.0.1:1/unreachable')).toMatchObject({
      code: 'NETWORK_ERROR',
      message: 'Unable to connect to the server. Please check your internet connection.',
    });
  });

  it('parses a successful answer with the schema it is given, and refuses one that differs', async () => {
    const Status = z.object({ status: z.literal('ok') });
    expect(await apiFetch(`${base}/ok`, {}, Status)).toEqual({ status: 'ok' });

    const said = vi.spyOn(console, 'error').mockImplementation(() => {});
    const Other = z.object({ status: z.literal('busy') });
    await expect(apiFetch(`${base}/ok`, {}, Other)).rejects.toMatchObject({
      code: 'UNKNOWN_ERROR',
      message: 'An unexpected error occurred. Please try again.',
    });
    expect(String(said.mock.calls[0]?.[0])).toContain('does not match its schema');
  });
});
