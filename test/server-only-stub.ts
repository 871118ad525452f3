// vitest runs server modules outside Next's bundler, where `server-only` would throw; the guard
// itself is enforced by `next build`.
export {};
