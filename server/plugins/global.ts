// Marks a plugin as not encapsulated (what fastify-plugin does), so its hooks and decorations
// apply to the whole app. Avoids depending on fastify-plugin, which is only a transitive package.
import type { FastifyPluginAsync } from 'fastify';

export function global<O extends Record<string, unknown>>(
  nombre: string,
  plugin: FastifyPluginAsync<O>,
): FastifyPluginAsync<O> {
  Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: nombre,
  });
  return plugin;
}
