/**
 * A bare Fastify hello-world server: the ceiling `npm run bench` compares the app against. Started
 * by scripts/bench.ts with PORT set; listens on 127.0.0.1 only and logs nothing.
 */
import Fastify from 'fastify';

const port = Number(process.env.PORT ?? 0);
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

await app.listen({ port, host: '127.0.0.1' });
process.once('SIGTERM', () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
